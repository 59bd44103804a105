import type { ApplicationFormInput } from '@board/shared/forms/application-schema';
import { useEffect } from 'react';
import type { UseFormWatch } from 'react-hook-form';
import { type ResumeMeta, saveDraft } from './application-draft';

const draftDelayMs = 400;

/**
 * Saves the draft a moment after each change, and at once when the page is hidden or left. Once
 * `sent.current` is true (the application went out) nothing more is written.
 */
export function useDraftAutosave(
  watch: UseFormWatch<ApplicationFormInput>,
  jobId: string,
  initialResume: ResumeMeta | null,
  sent: { current: boolean },
) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: (() => void) | null = null;
    let resumeMeta = initialResume;
    const flush = () => {
      clearTimeout(timer);
      pending?.();
      pending = null;
    };
    const subscription = watch((values) => {
      const file = values.resume as File | undefined;
      if (file) resumeMeta = { name: file.name, size: file.size, type: file.type };
      pending = () => {
        if (!sent.current) saveDraft(jobId, values as Record<string, string> & { acceptTerms?: boolean }, resumeMeta);
      };
      clearTimeout(timer);
      timer = setTimeout(flush, draftDelayMs);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [watch, jobId, initialResume, sent]);
}
