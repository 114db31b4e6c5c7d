import type { Config } from '../../config.ts';
import { emlDirectory } from '../../platform/eml-files.ts';
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
  outboxDirectory: emlDirectory(config.dataDir),
  mailFrom: config.mailFrom,
});

