import { getTranslations } from 'next-intl/server';
import { FailedJobs, type FailedJobsTexts } from '@/components/admin/failed-jobs';
import { getMessages } from '@/lib/i18n/messages';
import { pathFor } from '@/lib/routing/localized-routes';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

/**
 * Failed background jobs (retries used up) with a way to run each again: the heading on the
 * server, the list loaded by the admin's browser from `GET v3/admin/jobs`.
 */
export const AdminJobsPage: PageView = {
  metadata: routeMetadata,
  async render({ world }) {
    const meta = await getTranslations('meta');
    // The group's texts with the per-key fallback (language → en → de), as plain data.
    const texts = (getMessages(world.language).admin as { failedJobs: FailedJobsTexts }).failedJobs;
    return (
      <section data-route="admin-jobs">
        <h1>{meta('routes.admin-jobs.title')}</h1>
        <FailedJobs texts={texts} locale={world.locale} loginPath={pathFor(world.code, 'login')} />
      </section>
    );
  },
};
