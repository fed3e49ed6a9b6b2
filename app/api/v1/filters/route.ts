import { apiHandler } from '@/lib/api/handler';
import { getFilters } from '@/lib/catalog/classification';

// GET /api/v1/filters?world= — filter values (class_grade, learning_years, material_type, subject).
export const GET = apiHandler({}, async ({ world }) => ({ filters: await getFilters(world.code) }));
