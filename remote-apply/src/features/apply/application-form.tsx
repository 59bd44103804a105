import { applicationFieldOrder } from '@board/shared/forms/application-fields';
import {
  type ApplicationFormInput,
  type ApplicationFormValues,
  applicationFormSchema,
} from '@board/shared/forms/application-schema';
import { useNavigate } from '@board/shared/lib/router';
import { Button } from '@board/shared/ui/button';
import type { CaptchaHandle } from '@board/shared/ui/captcha';
import { Input } from '@board/shared/ui/input';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toast } from 'sonner';
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
    defaultValues: { acceptTerms: false as true, recaptchaToken: '' },
  });
  const { handleSubmit, formState, setError, setValue, reset } = form;

  // Before the autosave below subscribes, so restoring is not saved again (without the resume).
  useEffect(() => {
    const saved = loadDraft(jobId);
    if (!saved) return;
    reset({ ...saved.values, acceptTerms: saved.values.acceptTerms as true, recaptchaToken: '' });
    setDraft(saved);
  }, [jobId, reset]);
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
      <Button type="submit" disabled={submitting} aria-disabled={submitting} className="w-full sm:w-auto">
        {submitting ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}
