import {
  type ApplicationFormInput,
  type ApplicationFormValues,
  applicationFormSchema,
  applicationMessages,
} from '@board/shared/forms/application-schema';
import { Link, useNavigate } from '@board/shared/lib/router';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { Button } from '@board/shared/ui/button';
import { Captcha, type CaptchaHandle } from '@board/shared/ui/captcha';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { clearDraft, loadDraft, type ResumeMeta, saveDraft } from './application-draft';
import { controlClass, FormField } from './form-field';
import { ResumeInput } from './resume-input';
import { buildApplicationFormData, fieldErrorsFrom, submitApplication, submitErrorMessage } from './submit-application';

const draftDelayMs = 400;

/** The fields in page order: a failed submit focuses the first invalid one. */
const fieldOrder = [
  'name',
  'email',
  'linkedin',
  'resume',
  'salaryExpectations',
  'phone',
  'github',
  'portfolio',
  'additionalInfo',
  'motivation',
  'acceptTerms',
  'recaptchaToken',
] as const satisfies readonly (keyof ApplicationFormInput)[];

const textFields = [
  { name: 'name', label: 'Name', required: true, type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'E-mail', required: true, type: 'email', autoComplete: 'email' },
  {
    name: 'linkedin',
    label: 'LinkedIn URL',
    required: true,
    type: 'url',
    autoComplete: 'url',
    placeholder: 'https://www.linkedin.com/in/your-name',
  },
] as const;

const moreFields = [
  {
    name: 'salaryExpectations',
    label: 'Salary expectations',
    required: true,
    type: 'text',
    placeholder: 'e.g. $80,000 - $100,000',
  },
  { name: 'phone', label: 'Phone', required: false, type: 'tel', autoComplete: 'tel' },
  { name: 'github', label: 'GitHub URL', required: false, type: 'url', placeholder: 'https://github.com/your-name' },
  { name: 'portfolio', label: 'Portfolio URL', required: false, type: 'url', placeholder: 'https://' },
] as const;

const longFields = [
  { name: 'additionalInfo', label: 'Any additional information and questions you would like to ask us!' },
  { name: 'motivation', label: 'Why this role is interesting for you.' },
] as const;

/**
 * The application form (SPEC section 2): validated with the shared schema, saved as a draft while
 * typed, sent as call 6. A double click sends one request; every outcome resets the captcha.
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
  const { apiBaseUrl } = useRuntimeConfig();
  const navigate = useNavigate();
  const captcha = useRef<CaptchaHandle>(null);
  const inFlight = useRef(false);
  /** Set once the application is sent: no draft is written after that. */
  const sent = useRef(false);
  const [draft] = useState(() => loadDraft(jobId));
  const [problemCount, setProblemCount] = useState(0);

  const form = useForm<ApplicationFormInput, unknown, ApplicationFormValues>({
    resolver: valibotResolver(applicationFormSchema),
    mode: 'onTouched',
    // Focus goes to the first invalid field in page order (see onInvalid), not in registration order.
    shouldFocusError: false,
    defaultValues: {
      ...(draft?.values ?? {}),
      acceptTerms: (draft?.values.acceptTerms ?? false) as true,
      recaptchaToken: '',
    },
  });
  const { register, control, handleSubmit, formState, setError, setValue } = form;
  const resume = form.watch('resume') as File | undefined;
  const previous: ResumeMeta | null = resume ? null : (draft?.resume ?? null);

  useDraftAutosave(form.watch, jobId, draft?.resume ?? null, sent);

  const onValid = async (values: ApplicationFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setProblemCount(0);
    try {
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
      const result = await submitApplication(apiBaseUrl, data);
      captcha.current?.reset();
      setValue('recaptchaToken', '');
      if (result.ok) {
        sent.current = true;
        clearDraft(jobId);
        toast.success('Application submitted successfully!');
        navigate(`/job/${encodeURIComponent(jobId)}/apply/success`);
        return;
      }
      toast.error(submitErrorMessage(result.status, result.body));
      const fieldErrors = fieldErrorsFrom(result.body);
      for (const [field, message] of Object.entries(fieldErrors)) {
        setError(field as keyof ApplicationFormInput, { message }, { shouldFocus: true });
      }
    } finally {
      inFlight.current = false;
    }
  };

  const onInvalid = (errors: FieldErrors<ApplicationFormInput>) => {
    setProblemCount(Object.keys(errors).length);
    if (errors.recaptchaToken) toast.error('Please complete the reCAPTCHA verification.');
    const first = fieldOrder.find((name) => errors[name]);
    if (first === 'recaptchaToken') captcha.current?.focus();
    else if (first) form.setFocus(first);
  };

  const renderInput = (field: (typeof textFields)[number] | (typeof moreFields)[number]) => (
    <FormField
      key={field.name}
      label={field.label}
      required={field.required}
      error={formState.errors[field.name]?.message}
    >
      {(props) => (
        <input
          {...props}
          {...register(field.name)}
          type={field.type}
          autoComplete={'autoComplete' in field ? field.autoComplete : undefined}
          placeholder={'placeholder' in field ? field.placeholder : undefined}
          className={`${controlClass} h-10 border-line`}
        />
      )}
    </FormField>
  );

  const submitting = formState.isSubmitting;
  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-5" aria-describedby="form-problems">
      <p id="form-problems" role="status" className="sr-only">
        {problemCount > 0
          ? `${problemCount === 1 ? 'One field needs' : `${problemCount} fields need`} your attention.`
          : ''}
      </p>
      {talentPartnerId ? (
        <FormField label="Talent Partner ID" description="This application will be submitted as a talent partner.">
          {(props) => (
            <input {...props} readOnly value={talentPartnerId} className={`${controlClass} h-10 border-line`} />
          )}
        </FormField>
      ) : null}

      {textFields.map(renderInput)}

      <Controller
        control={control}
        name="resume"
        render={({ field, fieldState }) => (
          <FormField label="Resume" required error={fieldState.error?.message}>
            {(props) => (
              <ResumeInput
                control={props}
                file={field.value as File | undefined}
                previous={previous}
                inputRef={field.ref}
                onFile={(file) => {
                  field.onChange(file);
                  void form.trigger('resume');
                }}
              />
            )}
          </FormField>
        )}
      />

      {moreFields.map(renderInput)}

      {longFields.map((field) => (
        <FormField key={field.name} label={field.label} error={formState.errors[field.name]?.message}>
          {(props) => (
            <textarea
              {...props}
              {...register(field.name)}
              rows={4}
              maxLength={1000}
              className={`${controlClass} border-line py-2`}
            />
          )}
        </FormField>
      ))}

      <div>
        <div className="flex items-start gap-2">
          <input
            id="accept-terms"
            type="checkbox"
            {...register('acceptTerms')}
            aria-invalid={Boolean(formState.errors.acceptTerms)}
            aria-describedby={formState.errors.acceptTerms ? 'accept-terms-error' : undefined}
            className="mt-1 size-4 accent-brand-600"
          />
          <label htmlFor="accept-terms" className="text-sm text-ink">
            I accept the{' '}
            <Link to="/terms-of-service" target="_blank" className="font-medium text-brand-700 underline">
              Terms of Service and Privacy Policy
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
            <span aria-hidden="true" className="ml-0.5 text-danger">
              *
            </span>
          </label>
        </div>
        {formState.errors.acceptTerms ? (
          <p id="accept-terms-error" className="mt-1 text-sm text-danger">
            {formState.errors.acceptTerms.message ?? applicationMessages.termsRequired}
          </p>
        ) : null}
      </div>

      <Controller
        control={control}
        name="recaptchaToken"
        render={({ field, fieldState }) => {
          field.ref({ focus: () => captcha.current?.focus() });
          return (
            <Captcha
              ref={captcha}
              error={fieldState.error?.message}
              onToken={(token) => {
                field.onChange(token);
                if (token) void form.trigger('recaptchaToken');
              }}
            />
          );
        }}
      />

      <Button type="submit" disabled={submitting} aria-disabled={submitting} className="w-full sm:w-auto">
        {submitting ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}

/** Saves the draft a moment after each change, and at once when the page is hidden or left. */
function useDraftAutosave(
  watch: ReturnType<typeof useForm<ApplicationFormInput, unknown, ApplicationFormValues>>['watch'],
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
