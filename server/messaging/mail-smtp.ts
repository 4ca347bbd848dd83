import type { Transporter } from "nodemailer";
import { type Mail, type MailTransport, MessageError, SEND_TIMEOUT_MS } from "./transports";

/**
 * E-mail over SMTP with nodemailer: SMTP_URL (smtp://user:pass@host:587,
 * or smtps:// for implicit TLS) and MAIL_FROM. Plain text only: nothing in
 * our messages needs HTML, and text cannot carry a tracking pixel.
 */
export function smtpMailTransport(url: string, from: string): MailTransport {
  // Made on the first message: nodemailer adds megabytes to a server's memory, and an instance
  // may send no e-mail for a long time (decision 0486).
  let transporter: Promise<Transporter> | undefined;
  const made = () => {
    transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      }),
    );
    return transporter;
  };
  return {
    name: "smtp",
    real: true,
    async send(mail: Mail) {
      try {
        await (await made()).sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new MessageError(
          `smtp refused the message (${typeof code === "string" ? code : "error"})`,
        );
      }
    },
    async close() {
      (await transporter)?.close();
    },
  };
}
