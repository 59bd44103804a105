/**
 * What an application for a closed job is told: the API's 410 answer to call 6 and the form's
 * toast, one sentence for both.
 */
export const closedJobMessage = 'This job has closed and no longer takes applications. Nothing was sent.';
