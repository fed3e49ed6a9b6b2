/** The upload steps in order; shared by the page (which step a link opens) and the wizard. */
export const UPLOAD_STEPS = ['files', 'details', 'classification', 'price', 'preview', 'publish'] as const;
export type UploadStep = (typeof UPLOAD_STEPS)[number];
