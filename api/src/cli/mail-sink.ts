/**
 * `pnpm --filter @board/api mail:sink`: the local mail sink alone (SMTP on MAIL_SINK_SMTP_PORT,
 * default 1025; the inbox and its /email API on MAIL_SINK_WEB_PORT, default 1080), for running
 * the API with SMTP_URL=smtp://127.0.0.1:1025. `npm start` starts it itself.
 */
import { startMailSink } from '../mail/mail-sink';

const sink = await startMailSink({
  smtpPort: Number(process.env.MAIL_SINK_SMTP_PORT ?? 1025),
  webPort: Number(process.env.MAIL_SINK_WEB_PORT ?? 1080),
});
console.log(`Mail sink: SMTP ${sink.smtpUrl}; inbox ${sink.webUrl} (JSON: ${sink.webUrl}/email)`);
const stop = () => sink.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
