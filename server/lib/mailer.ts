import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "#server/config.ts";
import { inClientSpan } from "#server/tracing/spans.ts";
import { ensureOwnerOnlyDirectory, OWNER_ONLY_FILE } from "./owner-only.ts";

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = { send(message: MailMessage): Promise<void> };

type MailerOptions = { smtpUrl: string | undefined; from: string; outboxDir: string; log: FastifyBaseLogger };

/**
 * Real SMTP when SMTP_URL is set; otherwise each message becomes a real .eml file in the outbox. The outbox
 * holds sign-in and reset links: it is the app's user's alone (the directory made or closed at start, each
 * file readable by that user only).
 */
export async function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Promise<Mailer> {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await inClientSpan("smtp send", { "tagit.mail.kind": "smtp" }, () =>
          transport.sendMail({ from, ...message }),
        );
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  await ensureOwnerOnlyDirectory(outboxDir);
  return {
    async send(message) {
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
      await inClientSpan("outbox write", { "tagit.mail.kind": "outbox" }, async () => {
        const info = await transport.sendMail({ from, ...message });
        await ensureOwnerOnlyDirectory(outboxDir);
        await writeFile(file, info.message as Buffer, { mode: OWNER_ONLY_FILE, flag: "wx" });
      });
      log.info({ to: message.to, subject: message.subject, file }, "email written to outbox");
    },
  };
}

/** The mailer the configuration asks for: SMTP when SMTP_URL is set, otherwise the outbox under DATA_DIR. */
export const configuredMailer = (
  config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">,
  log: FastifyBaseLogger,
): Promise<Mailer> =>
  createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, "outbox"),
    log,
  });
