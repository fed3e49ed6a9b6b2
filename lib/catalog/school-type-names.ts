import { getMessages } from '@/lib/i18n/messages';
import type { World } from '@/lib/worlds/worlds';
import { SCHOOL_TYPES } from './school-types';

/** Translated school type titles of a world, keyed by school type. */
export function getSchoolTypeNames(world: World): Record<string, string> {
  const common = getMessages(world.language).common;
  const names = typeof common === 'object' ? common.schoolTypes : undefined;
  return Object.fromEntries(
    SCHOOL_TYPES.map((type) => {
      const title = typeof names === 'object' ? names[type] : undefined;
      return [type, typeof title === 'string' ? title : type];
    }),
  );
}
