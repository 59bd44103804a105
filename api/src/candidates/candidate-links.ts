import { createSignedTokens } from '../lib/signed-tokens';

/**
 * The candidate's private link to their application (in the receipt): signed as the alerts'
 * links are (lib/signed-tokens.ts, the same ALERTS_SECRET) but in a domain of its own, so no
 * alert token ever opens an application and no application token touches an alert. The subject
 * is the application's id; no account, nothing stored per link.
 */
type CandidatePurpose = 'application';

const day = 24 * 60 * 60;
/**
 * A link works as long as its application may be kept: 36 months from when it was made (the
 * link is signed then) is at most 1,096 days; past that the purge has deleted the application.
 */
export const candidateLinkLifetimeSeconds = 1_100 * day;

export function createCandidateTokens(secret: string, now: () => number = Date.now) {
  return createSignedTokens<CandidatePurpose>(secret, 'candidates', { application: candidateLinkLifetimeSeconds }, now);
}

export type CandidateTokens = ReturnType<typeof createCandidateTokens>;

/** Where the candidate's pages are, under the API's public origin. */
export const candidatePath = '/public/my-application';

export function candidateLinkMaker(tokens: CandidateTokens, apiOrigin: () => string) {
  return {
    tokens,
    /** The page of one application: what was sent, the downloads, withdraw. */
    application: (applicationId: string) =>
      `${apiOrigin()}${candidatePath}?token=${encodeURIComponent(tokens.sign('application', applicationId))}`,
  };
}

export type CandidateLinkMaker = ReturnType<typeof candidateLinkMaker>;
