import { applicationFieldOrder } from '@board/shared/forms/application-fields';
import {
  type ApplicationFormInput,
  type ApplicationFormValues,
  applicationFormSchema,
} from '@board/shared/forms/application-schema';
import { useNavigate } from '@board/shared/lib/router';
import { useHydrated } from '@board/shared/react/render-time';
import { toast } from '@board/shared/react/toast';
import { Button } from '@board/shared/ui/button';
import type { CaptchaHandle } from '@board/shared/ui/captcha';
import { Input } from '@board/shared/ui/input';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { clearDraft, type Draft, loadDraft } from './application-draft';
import { ApplicationFieldList } from './application-field-list';
import { FormField } from './form-field';
import {
  buildApplicationFormData,
  failureOf,
  fieldErrorsFrom,
  submitErrorMessage,
  useSubmitApplication,
} from './submit-application';
import { useDraftAutosave } from './use-draft-autosave';

/**
 * The application form (SPEC section 2): validated with the shared schema, saved as a draft while
 * typed, sent as call 6. A double click sends one request; every outcome resets the captcha. The
 * draft is in this browser's storage, which the server has not: the first render (the server's,
 * and hydration's) is the empty form, and the draft is restored by an effect right after.
 */
export function ApplicationForm({
  jobId,
  talentPartnerId,
  applicationSource,
}: {
  jobId: string;
  talentPartnerId: string | null;
  applicationSource: string | null;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const captcha = useRef<CaptchaHandle>(null);
  const submit = useSubmitApplication();
  /** Set once the application is sent: no draft is written after that. */
  const sent = useRef(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problemCount, setProblemCount] = useState(0);

  const form = useForm<ApplicationFormInput, unknown, ApplicationFormValues>({
    resolver: valibotResolver(applicationFormSchema),
    mode: 'onTouched',
    // Focus goes to the first invalid field in page order (see onInvalid), not in registration order.
    shouldFocusError: false,
    // No default for the fields the server renders empty: registering reads them from the page, so
    // what was typed or ticked before hydration is the form's value (a default would overwrite it).
    defaultValues: { recaptchaToken: '' },
  });
  const { handleSubmit, formState, setError, setValue, reset } = form;

  // Before the autosave below subscribes, so restoring is not saved again (without the resume).
  useEffect(() => {
    const saved = loadDraft(jobId);
    if (!saved) return;
    // What the visitor typed before hydration wins over the older draft.
    const typed = Object.fromEntries(
      Object.entries(form.getValues() as Record<string, unknown>).filter(
        ([name, value]) => name !== 'resume' && value !== '' && value != null && value !== false,
      ),
    );
    reset({ ...saved.values, acceptTerms: saved.values.acceptTerms as true, ...typed, recaptchaToken: '' });
    setDraft(saved);
  }, [jobId, reset, form.getValues]);
  useDraftAutosave(form.watch, jobId, draft?.resume ?? null, sent);

  const onValid = async (values: ApplicationFormValues) => {
    if (submit.inFlight()) return;
    setProblemCount(0);
    if (!jobId) {
      toast.error('Job ID is missing. Please try again.');
      return;
    }
    let data: FormData;
    try {
      data = buildApplicationFormData(values, { jobId, applicationSource, talentPartnerId });
    } catch {
      toast.error('Failed to submit application. Please try again.');
      return;
    }
    const failure = await submit.mutateAsync(data).then(
      () => null,
      (error: unknown) => failureOf(error),
    );
    captcha.current?.reset();
    setValue('recaptchaToken', '');
    if (!failure) {
      sent.current = true;
      clearDraft(jobId);
      toast.success('Application submitted successfully!');
      navigate(`/job/${encodeURIComponent(jobId)}/apply/success`);
      return;
    }
    toast.error(submitErrorMessage(failure.status, failure.body));
    for (const [field, message] of Object.entries(fieldErrorsFrom(failure.body))) {
      setError(field as keyof ApplicationFormInput, { message }, { shouldFocus: true });
    }
  };

  const onInvalid = (errors: FieldErrors<ApplicationFormInput>) => {
    setProblemCount(Object.keys(errors).length);
    if (errors.recaptchaToken) toast.error('Please complete the reCAPTCHA verification.');
    const first = applicationFieldOrder.find((name) => errors[name]);
    if (first === 'recaptchaToken') captcha.current?.focus();
    else if (first) form.setFocus(first);
  };

  const submitting = formState.isSubmitting || submit.isPending;
  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-5" aria-describedby="form-problems">
      <p id="form-problems" role="status" className="sr-only">
        {problemCount > 0
          ? `${problemCount === 1 ? 'One field needs' : `${problemCount} fields need`} your attention.`
          : ''}
      </p>
      {talentPartnerId ? (
        <FormField label="Talent Partner ID" description="This application will be submitted as a talent partner.">
          {(props) => <Input {...props} readOnly value={talentPartnerId} className="mt-1" />}
        </FormField>
      ) : null}
      <ApplicationFieldList form={form} previousResume={draft?.resume ?? null} captcha={captcha} />
      {/* Sending needs the scripts (the captcha, the resume upload): active once they run, in its place. */}
      <Button
        type="submit"
        disabled={submitting || !hydrated}
        aria-disabled={submitting || !hydrated}
        className="w-full sm:w-auto"
      >
        {submitting ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}
