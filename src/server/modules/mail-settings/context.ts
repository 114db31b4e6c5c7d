import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { secretBox, type SecretBox } from '../../platform/secret-box.ts';

/** What the mail settings need from the server's configuration. */
export interface MailContext {
  smtpUrl: string | undefined;
  box: SecretBox;
  outboxDirectory: string;
  /** MAIL_FROM: the sender when SMTP_URL sends. */
  mailFrom: string;
}

export const mailContext = (config: Pick<Config, 'smtpUrl' | 'secretsKey' | 'dataDir' | 'mailFrom'>): MailContext => ({
  smtpUrl: config.smtpUrl,
  box: secretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }),
  outboxDirectory: join(config.dataDir, 'outbox'),
  mailFrom: config.mailFrom,
});

