import { getRequestConfig } from 'next-intl/server';
import { getMessages } from '@/lib/i18n/messages';
import { WORLDS, getWorldOrDefault } from '@/lib/worlds/worlds';
import { readWorldParam } from '@/lib/i18n/world-param';

/**
 * next-intl configuration per request. The world comes from the `[world]` root param
 * (which works without middleware) or from an explicit `locale` (route handlers, author
 * storefronts); next-intl's locale is the world's real Intl locale, e.g. gr → el-GR.
 */
export default getRequestConfig(async ({ locale }) => {
  const requested = locale ?? (await readWorldParam());
  // Callers may pass a world code ('gr') or the locale next-intl handed out before ('el-GR').
  const world = WORLDS.find((w) => w.locale === requested) ?? getWorldOrDefault(requested);
  return {
    locale: world.locale,
    messages: getMessages(world.language),
    timeZone: 'UTC',
  };
});
