import type { ApiClient } from '@board/shared/api/api-client';
import { ApiError } from '@board/shared/api/api-client';
import * as v from 'valibot';

/** The local API's arithmetic challenge (captcha mode `local`, ARCHITECTURE.md). */
export interface CaptchaChallenge {
  challengeId: string;
  question: string;
}

const ChallengeSchema = v.object({ challenge_id: v.string(), question: v.string() });
const TokenSchema = v.object({ token: v.string() });

export async function fetchCaptchaChallenge(client: ApiClient, signal?: AbortSignal): Promise<CaptchaChallenge> {
  const body = v.parse(ChallengeSchema, await client.get('/public/captcha/challenge', {}, signal));
  return { challengeId: body.challenge_id, question: body.question };
}

/** The token for a right answer; `null` for a wrong one (422). Any other failure throws. */
export async function verifyCaptchaAnswer(client: ApiClient, challengeId: string, answer: string) {
  try {
    const body = await client.postJson('/public/captcha/verify', { challenge_id: challengeId, answer });
    return v.parse(TokenSchema, body).token;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return null;
    throw error;
  }
}
