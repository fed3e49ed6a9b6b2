import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { routeMetadata } from '@/components/pages/shell-page';
import type { PageView } from '@/components/pages/types';
import { errorMessage } from '@/lib/errors/messages';
import { pickWord } from '@/lib/input/query-words';
import { SUBSCRIPTION_LIMITS } from '@/lib/subscriptions/limits';
import { mailLinkState, type MailLinkState } from '@/lib/subscriptions/mail-link-actions';
import {
  MAIL_LINK_ERRORS,
  mailLinkTokenSchema,
  restoreSchema,
  type MailLinkError,
} from '@/lib/subscriptions/mail-link-form';
import { MAIL_LINK_PARTITIONS, MAIL_LINK_ROUTES, readMailLinkToken } from '@/lib/subscriptions/mail-links';
import { pathFor } from '@/lib/routing/localized-routes';
import { fill } from '@/lib/text/fill';
import styles from '@/components/commerce/commerce.module.css';

/**
 * The pages a mail's links open (routes `unsubscribe`, `mailing-unsubscribe`, `unfollow-author`,
 * `unsubscribe-by-link`). Opening one changes nothing: mail security scanners open every link of
 * a mail, so the page asks and its one button does the link's thing (a form post to
 * `v1/subscriptions/{partition}/{token}`, no sign-in); the mail client's own one-click
 * unsubscribe is the `List-Unsubscribe` header. After the post (`?state=on|off`, `?error=`) the
 * page shows the stored state with a button that undoes it. It names no account, address or
 * name: a forwarded mail tells its reader nothing new. Rendered per request, `noindex`,
 * `Referrer-Policy: same-origin` (lib/http/secret-paths.ts), so its posts carry our Origin.
 */
export const MailLinkPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route, params, query }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('favorites.mailLinks');
    const settings = await getTranslations('cabinet-settings.notifications');
    const partition = MAIL_LINK_PARTITIONS.find((known) => MAIL_LINK_ROUTES[known] === route.id)!;
    const token = mailLinkTokenSchema.safeParse(params.token);
    const link = token.success ? readMailLinkToken(partition, token.data) : null;
    // Opened from the mail (no state yet): the page asks before it changes anything.
    const asking = pickWord(query.state, ['on', 'off'] as const) === null;
    const refusal: MailLinkError | null = pickWord(query.error, MAIL_LINK_ERRORS);
    const restore = restoreSchema.safeParse(query.restore);
    const state: MailLinkState | null = link ? await mailLinkState(link) : null;

    const settingsLink = (
      <p>
        <Link href={pathFor(world.code, 'cabinet-notifications')}>{t('settings')}</Link>
      </p>
    );
    if (!state || !token.success)
      return (
        <section className={styles.page} data-route={route.id} data-state="invalid">
          <h1>{meta(`routes.${route.id}.title`)}</h1>
          <p role="alert">{t('invalid')}</p>
          {settingsLink}
        </section>
      );

    const texts = t.raw(partition) as Record<'ask' | 'confirm' | 'off' | 'on' | 'undo' | 'redo', string>;
    const kindName = (kind: string) => settings(kind);
    const values: Record<string, string> = {};
    if (state.partition === 'notifications') values.kind = kindName(state.kind);
    if (state.partition === 'authors') values.author = state.author.name;
    if (state.partition === 'all') values.kinds = state.on.map(kindName).join(', ');
    const action = `/api/v1/subscriptions/${partition}/${token.data}?world=${world.code}`;
    const refusalText =
      refusal && refusal !== 'mail_link_invalid'
        ? errorMessage(world.code, refusal === 'follows_full' ? 'conflict' : 'not_found', {
            reason: refusal,
            limit: SUBSCRIPTION_LIMITS.followsPerAccount,
          })
        : null;

    return (
      <section
        className={styles.page}
        data-route={route.id}
        data-state={state.subscribed ? 'subscribed' : 'unsubscribed'}
      >
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        {refusalText ? (
          <p role="alert" className={styles.error}>
            {refusalText}
          </p>
        ) : null}
        <p role="status" data-testid="mail-link-done">
          {fill(state.subscribed ? (asking ? texts.ask : texts.on) : texts.off, values)}
        </p>
        <form method="post" action={action}>
          <input type="hidden" name="action" value={state.subscribed ? 'unsubscribe' : 'resubscribe'} />
          {state.partition === 'all' && !state.subscribed && restore.success && restore.data.length ? (
            <input type="hidden" name="restore" value={restore.data.join(',')} />
          ) : null}
          <button
            type="submit"
            className={styles.primary}
            data-testid={state.subscribed && asking ? 'mail-link-confirm' : 'mail-link-undo'}
          >
            {state.subscribed ? (asking ? texts.confirm : texts.redo) : texts.undo}
          </button>
        </form>
        {state.partition === 'authors' ? (
          <p>
            <Link
              href={pathFor(world.code, 'author', { id: String(state.author.id), slug: state.author.slug })}
              prefetch={false}
            >
              {t('toAuthor', { author: state.author.name })}
            </Link>
          </p>
        ) : null}
        {settingsLink}
      </section>
    );
  },
};
