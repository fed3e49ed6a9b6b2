/**
 * Every module that defines jobs. A worker (server.ts, `npm run worker`) imports this file so it
 * knows every job, and a job's worker thread loads it to find the handler it runs. A module that
 * defines a job must be listed here, and must not import `server-only` or `next/*` server APIs
 * (they throw under plain Node).
 */
import '@/lib/mail/account-mails';
import '@/lib/accounts/password';
import '@/lib/commerce/order-mails';
import '@/lib/commerce/card-refunds';
import '@/lib/commerce/order-cancel';
import '@/lib/commerce/abandoned-carts';
import '@/lib/selling/previews';
import '@/lib/selling/payouts';
import '@/lib/selling/version-mails';
import '@/lib/subscriptions/follower-digest';
import '@/lib/maintenance/clean-up';
import '@/lib/notifications/fan-outs';
