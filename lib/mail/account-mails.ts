import { getMessages, type Messages } from '@/lib/i18n/messages';
import { fill } from '@/lib/text/fill';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { sendMail } from './mailer';

/** The account mails of issue 4, each in the world's language (texts: `signup.mails.<kind>`). */
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

/** Sends an account mail in the world's language. */
export async function sendAccountMail(
  kind: AccountMailKind,
  input: { world: WorldCode; to: string; name: string; link?: string; email?: string },
): Promise<void> {
  const { subject, text } = renderAccountMail(kind, input.world, input);
  await sendMail({ to: input.to, subject, text });
}
