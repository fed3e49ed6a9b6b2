import { requireUser } from '@/lib/accounts/guard';
import { apiHandler } from '@/lib/api/handler';
import { buildDataExport, dataExportFileName } from '@/lib/cabinet/data-export';
import { NO_STORE } from '@/lib/cabinet/http';

// GET /api/v3/account/export?world= — everything Kreide holds about the signed-in user, as a
// JSON file to download (GDPR access and portability).
export const GET = apiHandler({}, async ({ request, world }) => {
  const { userId } = await requireUser(request);
  const data = await buildDataExport(userId, world.code);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      ...NO_STORE,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${dataExportFileName(userId)}"`,
    },
  });
});
