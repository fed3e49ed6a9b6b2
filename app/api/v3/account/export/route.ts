import { defineRoute } from '@/lib/api/handler';
import { buildDataExport, dataExportFileName } from '@/lib/cabinet/data-export';

// GET /api/v3/account/export?world= — everything Kreide holds about the signed-in user, as a
// JSON file to download (GDPR access and portability).
export const GET = defineRoute(
  { summary: 'Data export of the signed-in user (JSON file)', auth: 'user' },
  async ({ session, world }) => {
    const data = await buildDataExport(session.userId, world.code);
    return new Response(`${JSON.stringify(data, null, 2)}\n`, {
      headers: {
        'Cache-Control': 'no-store',
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${dataExportFileName(session.userId)}"`,
      },
    });
  },
);
