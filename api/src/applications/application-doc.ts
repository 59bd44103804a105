import { applicationFields } from '@board/shared/forms/application-fields';
import { describeRoute } from 'hono-openapi';
import { error, errors, json, notFound, ref } from '../openapi/openapi-responses';

type Schema = Record<string, unknown>;

/** Call 6's multipart form, from the application's field table: its fields by their multipart names, the resume a PDF. */
function applicationForm(): Schema {
  const fields = Object.values(applicationFields).filter((field) => 'multipart' in field);
  const properties: Record<string, Schema> = {
    job_posting_id: { type: 'string', pattern: '^\\d+$', description: "The job's id." },
    application_source: { type: 'string', description: 'Where the application comes from (default: the board).' },
    talent_partner_user_id: { type: 'string', description: 'The talent partner who submits it for the candidate.' },
  };
  for (const field of fields) {
    properties[field.multipart] =
      field.control === 'resume'
        ? { type: 'string', contentMediaType: 'application/pdf', description: 'A PDF of at most 10 MB.' }
        : { type: 'string', ...('maxLength' in field ? { maxLength: field.maxLength } : {}) };
  }
  const required = ['job_posting_id', ...fields.filter((field) => field.required).map((field) => field.multipart)];
  return { type: 'object', properties, required };
}

/** What `/openapi.json` says of call 6. */
export const applicationDoc = describeRoute({
  summary: 'Call 6: an application, with its resume',
  requestBody: { required: true, content: { 'multipart/form-data': { schema: applicationForm() } } },
  responses: {
    ...errors,
    '201': json(ref('ApplicationReceived'), 'Stored: the application and its resume.'),
    '400': error('Not multipart, unreadable, no job id, or the captcha failed.'),
    '404': notFound('Job posting'),
    '410': error('The job closed: nothing was stored.'),
    '413': error('The resume is over 10 MB.'),
    '422': error('A field is invalid: `detail` holds a message per multipart field.'),
  },
});
