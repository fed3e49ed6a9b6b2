import { areaPage } from '@/components/areas/area-page';
import { SCHOOL_VIEWS } from '@/components/areas/views/school';

// Personal and per request: never cached, never prerendered.
export const dynamic = 'force-dynamic';

const page = areaPage('school', SCHOOL_VIEWS);

export const generateMetadata = page.generateMetadata;
export default page.Page;
