import { z } from 'zod';
import { addBusinessDays } from './business-days.ts';
import { uploadSchema } from './uploads.schemas.ts';

/** A website project's stages, in order. */
export const projectStages = ['brief', 'design', 'build', 'review', 'launch', 'live'] as const;
export type ProjectStage = (typeof projectStages)[number];

export const projectStageLabels: Record<ProjectStage, string> = {
  brief: 'Brief',
  design: 'Design',
  build: 'Build',
  review: 'Review',
  launch: 'Launch',
  live: 'Live',
};

/** What each stage means to the customer. */
export const projectStageNotes: Record<ProjectStage, string> = {
  brief: 'We gather your goals and content. Please complete the content checklist.',
  design: 'We design the look of your website.',
  build: 'We build the pages with your content.',
  review: 'Your website is ready for you to review. Approve it, or comment on what to change.',
  launch: 'We connect your domain and launch the website.',
  live: 'Your website is live.',
};

/**
 * When each stage is due, as a share of the delivery time the package promised: a site sold as
 * "Live in 5 business days" is live on the fifth business day, its brief due on the first.
 */
const stagePercentOfDelivery: Record<ProjectStage, number> = {
  brief: 10,
  design: 35,
  build: 70,
  review: 80,
  launch: 90,
  live: 100,
};

/** A project without a package (a request an administrator won) plans for a custom build's 8 weeks. */
export const customBuildDeliveryDays = 40;

/**
 * Each stage's due date for a project started on `start` (YYYY-MM-DD, South Africa) with
 * `deliveryDays` business days to go live (weekends and public holidays not counted).
 */
export function projectDueDates(start: string, deliveryDays: number): Record<ProjectStage, string> {
  return Object.fromEntries(
    projectStages.map((stage) => [
      stage,
      addBusinessDays(
        start,
        Math.max(1, Math.ceil((stagePercentOfDelivery[stage] * deliveryDays) / 100)),
      ),
    ]),
  ) as Record<ProjectStage, string>;
}

/** The content checklist the customer completes: text or links, and uploaded files. */
export const contentItems = ['logo', 'photos', 'pageTexts', 'domain'] as const;
export type ContentItem = (typeof contentItems)[number];

export const contentItemLabels: Record<ContentItem, string> = {
  logo: 'Logo',
  photos: 'Photos',
  pageTexts: 'Page texts',
  domain: 'Domain name',
};

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');

const commentText = z
  .string({ error: 'Write your comment' })
  .trim()
  .min(2, 'Write your comment')
  .max(5000, 'Keep the comment under 5000 characters');

/** POST /api/projects/{reference}/comments and /api/admin/projects/{reference}/comments. */
export const projectCommentInputSchema = z.object({ message: commentText });
export type ProjectCommentInput = z.input<typeof projectCommentInputSchema>;

/** PUT /api/projects/{reference}/content: the customer's checklist (empty: not given yet). */
export const projectContentInputSchema = z.object({
  logo: z.string().trim().max(2000, 'Keep it under 2000 characters').default(''),
  photos: z.string().trim().max(2000, 'Keep it under 2000 characters').default(''),
  pageTexts: z.string().trim().max(20000, 'Keep the page texts under 20000 characters').default(''),
  domain: z.string().trim().max(253, 'Keep the domain under 253 characters').default(''),
});
export type ProjectContentInput = z.input<typeof projectContentInputSchema>;

/** PATCH /api/admin/projects/{reference}: a new stage and/or due dates. */
export const projectUpdateSchema = z
  .object({
    stage: z.enum(projectStages).optional(),
    dueDates: z.partialRecord(z.enum(projectStages), isoDate).optional(),
  })
  .refine((change) => change.stage !== undefined || change.dueDates !== undefined, {
    message: 'Change the stage or a due date',
  });
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;

export const projectCommentSchema = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type ProjectComment = z.infer<typeof projectCommentSchema>;

export const projectSummarySchema = z.object({
  reference: z.string(),
  title: z.string(),
  stage: z.enum(projectStages),
  /** The current stage's due date. */
  dueDate: z.string().nullable(),
  /** How many checklist items the customer has filled in, of `contentItems.length`. */
  contentDone: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectSchema = projectSummarySchema.extend({
  dueDates: z.partialRecord(z.enum(projectStages), z.string()),
  content: z.object({
    logo: z.string(),
    photos: z.string(),
    pageTexts: z.string(),
    domain: z.string(),
  }),
  approvedAt: z.string().nullable(),
  comments: z.array(projectCommentSchema),
  /** Files the customer uploaded for the checklist (`purpose` is the checklist item). */
  files: z.array(uploadSchema),
});
export type Project = z.infer<typeof projectSchema>;

export const adminProjectSummarySchema = projectSummarySchema.extend({
  name: z.string(),
  email: z.string(),
});
export type AdminProjectSummary = z.infer<typeof adminProjectSummarySchema>;

/** GET /api/admin/projects: every project not yet live, and the latest live ones. */
export const adminProjectBoardSchema = z.array(adminProjectSummarySchema);

export const adminProjectSchema = projectSchema.extend({
  name: z.string(),
  email: z.string(),
  serviceRequestReference: z.string().nullable(),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

/** POST /api/projects/{reference}/files?item=…&filename=…: which checklist item a file is for. */
export const projectFileQuerySchema = z.object({
  item: z.enum(contentItems, { error: 'Choose the checklist item the file is for' }),
  filename: z
    .string({ error: 'Name the file' })
    .trim()
    .min(1, 'Name the file')
    .max(200, 'Keep the file name under 200 characters'),
});
