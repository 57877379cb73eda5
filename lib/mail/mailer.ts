import "server-only";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";

// The app's outgoing mail, through the operator's SMTP server (SMTP_URL). One transport per
// process and address (nodemailer pools nothing by default: one connection per message). Without
// SMTP_URL there is no mailer and callers take their no-mail path.

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let transport: { url: string; send: ReturnType<typeof nodemailer.createTransport> } | undefined;

export function mailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

/** Sends one message; throws the SMTP client's error (callers log it redacted). */
export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) throw new Error("SMTP_URL is not set");
  if (transport?.url !== SMTP_URL) transport = { url: SMTP_URL, send: nodemailer.createTransport(SMTP_URL) };
  await transport.send.sendMail({ from: MAIL_FROM, ...mail });
}
