import {
  type ApplicationField,
  applicationFieldOrder,
  applicationFields,
} from '@board/shared/forms/application-fields';
import {
  type ApplicationFormInput,
  type ApplicationFormValues,
  applicationMessages,
} from '@board/shared/forms/application-schema';
import { Link } from '@board/shared/lib/router';
import { Captcha, type CaptchaHandle } from '@board/shared/ui/captcha';
import { Checkbox } from '@board/shared/ui/checkbox';
import { Input } from '@board/shared/ui/input';
import { Textarea } from '@board/shared/ui/textarea';
import type { RefObject } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ResumeMeta } from './application-draft';
import { FormField } from './form-field';
import { ResumeInput } from './resume-input';

type ApplicationFormApi = UseFormReturn<ApplicationFormInput, unknown, ApplicationFormValues>;

/** The application's fields in the table's order (shared/src/forms/application-fields.ts). */
export function ApplicationFieldList({
  form,
  previousResume,
  captcha,
}: {
  form: ApplicationFormApi;
  /** The resume of a restored draft, named until the candidate attaches it again. */
  previousResume: ResumeMeta | null;
  captcha: RefObject<CaptchaHandle | null>;
}) {
  return applicationFieldOrder.map((name) => (
    <ApplicationFieldControl key={name} name={name} form={form} previousResume={previousResume} captcha={captcha} />
  ));
}

function ApplicationFieldControl({
  name,
  form,
  previousResume,
  captcha,
}: {
  name: ApplicationField;
  form: ApplicationFormApi;
  previousResume: ResumeMeta | null;
  captcha: RefObject<CaptchaHandle | null>;
}) {
  const { register, control, formState } = form;
  const field = applicationFields[name];
  const error = formState.errors[name]?.message;
  if (field.control === 'input' || field.control === 'textarea') {
    const textName = name as Exclude<ApplicationField, 'resume' | 'acceptTerms' | 'recaptchaToken'>;
    return (
      <FormField label={field.label} required={field.required} error={error}>
        {(props) =>
          field.control === 'textarea' ? (
            <Textarea {...props} {...register(textName)} rows={4} maxLength={field.maxLength} className="mt-1" />
          ) : (
            <Input
              {...props}
              {...register(textName)}
              type={'type' in field ? field.type : 'text'}
              autoComplete={'autoComplete' in field ? field.autoComplete : undefined}
              placeholder={'placeholder' in field ? field.placeholder : undefined}
              className="mt-1"
            />
          )
        }
      </FormField>
    );
  }
  if (field.control === 'resume') {
    return (
      <Controller
        control={control}
        name="resume"
        render={({ field: resume, fieldState }) => (
          <FormField label={field.label} required error={fieldState.error?.message}>
            {(props) => (
              <ResumeInput
                control={props}
                file={resume.value as File | undefined}
                previous={resume.value ? null : previousResume}
                inputRef={resume.ref}
                onFile={(file) => {
                  resume.onChange(file);
                  void form.trigger('resume');
                }}
              />
            )}
          </FormField>
        )}
      />
    );
  }
  if (field.control === 'terms') {
    return (
      <div>
        <div className="flex items-start gap-2">
          <Checkbox
            id="accept-terms"
            {...register('acceptTerms')}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'accept-terms-error' : undefined}
            className="mt-1"
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
            {error ?? applicationMessages.termsRequired}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <Controller
      control={control}
      name="recaptchaToken"
      render={({ field: token, fieldState }) => {
        token.ref({ focus: () => captcha.current?.focus() });
        return (
          <Captcha
            ref={captcha}
            error={fieldState.error?.message}
            onToken={(value) => {
              token.onChange(value);
              if (value) void form.trigger('recaptchaToken');
            }}
          />
        );
      }}
    />
  );
}
