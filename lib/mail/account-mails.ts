import { z } from 'zod';
import { worldCodeSchema } from '@/lib/input/schemas';
import { getMessages, type Messages } from '@/lib/i18n/messages';
import { enqueue, type JobConnection } from '@/lib/jobs/enqueue';
import { defineJob, MAIL_JOB_RULES } from '@/lib/jobs/registry';
import { fill } from '@/lib/text/fill';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { sendMail } from './mailer';

/** The account mails, each in the world's language (texts: `signup.mails.<kind>`). */
export const ACCOUNT_MAIL_KINDS = [
  'registrationConfirm',
  'alreadyRegistered',
  'completeRegistration',
  'passwordRecovery',
  'passwordChanged',
  'changeEmailConfirm',
  'changeEmailNotice',
  'accountDeleted',
] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

function lookup(messages: Messages, path: string[]): string {
  let node: string | Messages | undefined = messages;
  for (const key of path) node = typeof node === 'object' ? node[key] : undefined;
  if (typeof node !== 'string') throw new Error(`Missing mail text ${path.join('.')}`);
  return node;
}

/** Renders an account mail without sending it (tests and previews). */
export function renderAccountMail(
  kind: AccountMailKind,
  world: WorldCode,
  values: { name: string; link?: string; email?: string },
) {
  const messages = getMessages(getWorld(world).language);
  const texts = (key: string) =>
    fill(lookup(messages, ['signup', 'mails', kind, key]), { link: '', email: '', ...values });
  const greeting = fill(lookup(messages, ['signup', 'mails', 'greeting']), { name: values.name });
  const signature = lookup(messages, ['signup', 'mails', 'signature']);
  const body = texts('body');
  return {
    subject: texts('subject'),
    text: [greeting, '', body, ...(values.link ? ['', values.link] : []), '', signature].join('\n'),
  };
}

export interface AccountMailInput {
  world: WorldCode;
  to: string;
  name: string;
  link?: string;
  email?: string;
}

/** Sends an account mail in the world's language, now (jobs call this; requests enqueue). */
export async function sendAccountMail(kind: AccountMailKind, input: AccountMailInput): Promise<void> {
  const { subject, text } = renderAccountMail(kind, input.world, input);
  await sendMail({ to: input.to, subject, text });
}

const accountMailSchema = z
  .object({
    kind: z.enum(ACCOUNT_MAIL_KINDS),
    world: worldCodeSchema,
    to: z.string().min(3).max(254),
    name: z.string().max(200),
    link: z.url().max(2000).optional(),
    email: z.string().max(254).optional(),
  })
  .strict();

/**
 * The account mail job. Its link carries a mailed token, which the database otherwise holds
 * only hashed: admins never see it, and once the mail is out the stored job keeps neither the
 * link nor the address and name (a deleted account's old address included). A failing mail
 * server is retried nine times with doubling delays, over 42 to 85 minutes (MAIL_JOB_RULES).
 */
export const accountMailJob = defineJob(
  {
    name: 'account-mail',
    schema: accountMailSchema,
    ...MAIL_JOB_RULES,
    secretFields: ['link'],
    forgetAfterSuccess: ['to', 'name', 'email'],
    summarize: ({ kind, world, to }) => ({ kind, world, to }),
  },
  async ({ kind, ...input }) => {
    await sendAccountMail(kind, input);
  },
);

/**
 * Queues an account mail in the world's language; the request does not wait for the mail
 * server. Pass the transaction as `db` when the mail belongs to what it commits.
 */
export async function enqueueAccountMail(
  kind: AccountMailKind,
  input: AccountMailInput,
  options: { db?: JobConnection } = {},
): Promise<string> {
  return enqueue(accountMailJob, { kind, ...input }, options);
}
