import { areaPage } from '@/components/areas/area-page';
import { ACCOUNT_VIEWS } from '@/components/areas/views/account';

// Personal and per request: never cached, never prerendered.
export const dynamic = 'force-dynamic';

const page = areaPage('account', ACCOUNT_VIEWS);

export const generateMetadata = page.generateMetadata;
export default page.Page;
