import type { Locale } from "../../core/locale";
import { fill } from "../../core/messages";
import type { Logger } from "../log";
import { smtpMailTransport } from "./mail-smtp";
import { outboxDir, outboxTransports } from "./outbox";
import { type NotifyLkAccount, notifyLkSmsTransport } from "./sms-notify-lk";
import { webhookSmsTransport } from "./sms-webhook";
import { messageTextsFor } from "./texts";
import { type MailTransport, MessageError, type SmsTransport } from "./transports";

/** A contact a code can go to. */
export type Contact = { kind: "phone"; value: string } | { kind: "email"; value: string };

/**
 * Our messages, each in its recipient's language. A method resolves once
 * the transport took the message and rejects with a MessageError otherwise
 * (the caller answers the visitor). The log names the kind of message and
 * the transport, never the contact or the text.
 */
/** What a partner portal account is told of, by e-mail, when it changes. */
export type PartnerAccountChange = "payout" | "password" | "two_step_off";

export interface Messenger {
  readonly sms: SmsTransport;
  readonly mail: MailTransport;
  /**
   * An application's code; with `webOtpHost`, the text's last line is WebOTP's `@host #code`
   * (decision 0373), so that a browser on that host may offer the code.
   */
  applicationCode(
    phone: string,
    code: string,
    minutes: number,
    locale: Locale,
    webOtpHost?: string,
  ): Promise<void>;
  erasureCode(contact: Contact, code: string, minutes: number, locale: Locale): Promise<void>;
  applicationConfirmation(
    email: string,
    links: { offers: string; erasure: string; days: number },
    locale: Locale,
  ): Promise<void>;
  /** The link to a verified lead's offers, asked for on the offers page (issue 17), until a date (dd/mm/yyyy). */
  offersLink(contact: Contact, link: string, until: string, locale: Locale): Promise<void>;
  /** A new member of staff's one-time link (issue 16); staff read English. */
  staffEnrolmentLink(email: string, link: string, hours: number): Promise<void>;
  /** A lender's member of staff's invitation to the lender portal (issue 34): a one-time link. */
  lenderInvitation(
    email: string,
    invitation: { link: string; hours: number; lender: string },
    locale: Locale,
  ): Promise<void>;
  /** A partner portal account's one-time link (issue 18): verify the e-mail, claim it, reset it. */
  partnerAccountLink(
    email: string,
    purpose: "verify" | "claim" | "reset",
    link: string,
    hours: number,
    locale: Locale,
  ): Promise<void>;
  /** The operator's answer to a partner portal sign-up, with the portal's address. */
  partnerSignUpAnswer(
    email: string,
    approved: boolean,
    link: string,
    locale: Locale,
  ): Promise<void>;
  /**
   * A partner portal account's payout details or password changed, or its
   * two-step sign-in was turned off (decision 0252): a notice, no details.
   */
  partnerAccountChanged(
    email: string,
    change: PartnerAccountChange,
    link: string,
    locale: Locale,
  ): Promise<void>;
  close(): Promise<void>;
}

/** WebOTP's origin-bound line (the WICG spec): `@host #code`, alone on the message's last line. */
export function webOtpLine(host: string, code: string): string {
  return `@${host} #${code}`;
}

export function createMessenger(
  transports: { sms: SmsTransport; mail: MailTransport },
  log: Logger,
): Messenger {
  const { sms, mail } = transports;
  const sent = async (kind: string, transport: { name: string }, send: () => Promise<void>) => {
    try {
      await send();
      log.info("message sent", { kind, transport: transport.name });
    } catch (error) {
      const reason = error instanceof MessageError ? error.message : "unexpected failure";
      log.warn("message not sent", { kind, transport: transport.name, reason });
      throw error instanceof MessageError ? error : new MessageError(reason);
    }
  };
  return {
    sms,
    mail,
    applicationCode(phone, code, minutes, locale, webOtpHost) {
      const body = fill(messageTextsFor(locale).applicationCodeSms, { code, minutes });
      const text = webOtpHost ? `${body}\n${webOtpLine(webOtpHost, code)}` : body;
      return sent("application code", sms, () => sms.send({ to: phone, text }));
    },
    erasureCode(contact, code, minutes, locale) {
      const texts = messageTextsFor(locale);
      if (contact.kind === "phone") {
        const text = fill(texts.erasureCodeSms, { code, minutes });
        const purpose = "erasure code";
        return sent(purpose, sms, () => sms.send({ to: contact.value, text, purpose }));
      }
      const text = fill(texts.erasureCodeMail, { code, minutes });
      const subject = texts.erasureCodeSubject;
      const purpose = "erasure code";
      return sent(purpose, mail, () => mail.send({ to: contact.value, subject, text, purpose }));
    },
    applicationConfirmation(email, links, locale) {
      const texts = messageTextsFor(locale);
      const text = fill(texts.applicationConfirmationMail, {
        link: links.offers,
        erasure: links.erasure,
        days: links.days,
      });
      const subject = texts.applicationConfirmationSubject;
      return sent("application confirmation", mail, () => mail.send({ to: email, subject, text }));
    },
    offersLink(contact, link, until, locale) {
      const texts = messageTextsFor(locale);
      if (contact.kind === "phone") {
        const text = fill(texts.offersLinkSms, { link, date: until });
        return sent("offers link", sms, () => sms.send({ to: contact.value, text }));
      }
      const text = fill(texts.offersLinkMail, { link, date: until });
      const subject = texts.offersLinkSubject;
      return sent("offers link", mail, () => mail.send({ to: contact.value, subject, text }));
    },
    staffEnrolmentLink(email, link, hours) {
      const texts = messageTextsFor("en");
      const text = fill(texts.staffEnrolmentMail, { link, hours });
      const subject = texts.staffEnrolmentSubject;
      return sent("staff link", mail, () => mail.send({ to: email, subject, text }));
    },
    lenderInvitation(email, invitation, locale) {
      const texts = messageTextsFor(locale);
      const text = fill(texts.lenderInvitationMail, invitation);
      const subject = texts.lenderInvitationSubject;
      return sent("lender invitation", mail, () => mail.send({ to: email, subject, text }));
    },
    partnerAccountLink(email, purpose, link, hours, locale) {
      const texts = messageTextsFor(locale);
      const [subject, body]: [string, string] = {
        verify: [texts.partnerVerifySubject, texts.partnerVerifyMail] as [string, string],
        claim: [texts.partnerClaimSubject, texts.partnerClaimMail] as [string, string],
        reset: [texts.partnerResetSubject, texts.partnerResetMail] as [string, string],
      }[purpose];
      const text = fill(body, { link, hours });
      return sent(`partner ${purpose} link`, mail, () => mail.send({ to: email, subject, text }));
    },
    partnerSignUpAnswer(email, approved, link, locale) {
      const texts = messageTextsFor(locale);
      const subject = approved ? texts.partnerApprovedSubject : texts.partnerRejectedSubject;
      const text = fill(approved ? texts.partnerApprovedMail : texts.partnerRejectedMail, { link });
      return sent("partner sign-up answer", mail, () => mail.send({ to: email, subject, text }));
    },
    partnerAccountChanged(email, change, link, locale) {
      const texts = messageTextsFor(locale);
      const [subject, body] = {
        payout: [texts.partnerPayoutChangedSubject, texts.partnerPayoutChangedMail] as const,
        password: [texts.partnerPasswordChangedSubject, texts.partnerPasswordChangedMail] as const,
        two_step_off: [texts.partnerTwoStepOffSubject, texts.partnerTwoStepOffMail] as const,
      }[change];
      const text = fill(body, { link });
      return sent(`partner ${change} changed`, mail, () => mail.send({ to: email, subject, text }));
    },
    async close() {
      await mail.close?.();
    },
  };
}

/** What configuration says about transports (server/config.ts reads the variables). */
export interface MessagingSettings {
  dataDir: string;
  smsWebhook?: { url: string; token?: string | undefined } | undefined;
  notifyLk?: NotifyLkAccount | undefined;
  smtp?: { url: string; from: string } | undefined;
}

/**
 * The transports configuration names; each channel without one writes to
 * the local outbox instead (server/messaging/outbox.ts).
 */
export function transportsFor(settings: MessagingSettings): {
  sms: SmsTransport;
  mail: MailTransport;
} {
  const outbox = outboxTransports(outboxDir(settings.dataDir));
  const sms = settings.smsWebhook
    ? webhookSmsTransport(settings.smsWebhook.url, settings.smsWebhook.token)
    : settings.notifyLk
      ? notifyLkSmsTransport(settings.notifyLk)
      : outbox.sms;
  const mail = settings.smtp
    ? smtpMailTransport(settings.smtp.url, settings.smtp.from)
    : outbox.mail;
  return { sms, mail };
}
