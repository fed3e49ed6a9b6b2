import { defineRoute } from '@/lib/api/handler';
import { getFilters } from '@/lib/catalog/classification';

// GET /api/v1/filters?world= — filter values (class_grade, learning_years, material_type, subject).
export const GET = defineRoute(
  {
    summary: 'Filter values of a world',
    description: 'class_grade, learning_years, material_type and subject with their ids and titles.',
    auth: 'anonymous',
  },
  async ({ world }) => ({ filters: await getFilters(world.code) }),
);
