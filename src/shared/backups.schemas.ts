import { z } from 'zod';

/** Which database a backup is of: the embedded PGlite data folder, or a PostgreSQL server. */
export const backupEngines = ['embedded', 'postgres'] as const;
export type BackupEngine = (typeof backupEngines)[number];

/** Why a backup was taken: the schedule (BACKUP_EVERY_HOURS) or an owner's "Back up now". */
export const backupTriggers = ['schedule', 'owner'] as const;
export type BackupTrigger = (typeof backupTriggers)[number];

/**
 * The only names a backup file has (`backup-20260105T000000Z-embedded.tar.gz`, a `-2` after the
 * time when two fall in one second): anything else, a path or a dot-file, is not one.
 */
export const backupFileNamePattern =
  /^backup-\d{8}T\d{6}Z(?:-\d+)?-(?:embedded\.tar\.gz|postgres\.dump)$/;

/** One backup file as the back office lists it. */
export const backupItemSchema = z.object({
  name: z.string(),
  engine: z.enum(backupEngines),
  bytes: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** Null for a file without its manifest (being written, or from elsewhere). */
  trigger: z.enum(backupTriggers).nullable(),
  /** The copy was read back after writing and matched the database it was taken from. */
  verified: z.boolean(),
  /** Why it is not verified; null when it is. */
  verificationError: z.string().nullable(),
});
export type BackupItem = z.infer<typeof backupItemSchema>;

/** GET /api/admin/backups: the backups in BACKUP_DIR, newest first, and the schedule. */
export const backupListSchema = z.object({
  /** False when there is no folder to write to (an in-memory database without BACKUP_DIR). */
  enabled: z.boolean(),
  folder: z.string().nullable(),
  /** Why the folder could not be read (not a folder, no permission); null when it could. */
  folderError: z.string().nullable(),
  /** Hours between scheduled backups; 0 when the schedule is off. */
  everyHours: z.number().int().nonnegative(),
  keep: z.number().int().positive(),
  /** When the next scheduled backup is due, if one is queued. */
  nextRunAt: z.string().nullable(),
  /** A backup is being taken or waits to run now (the list refreshes until it is written). */
  inProgress: z.boolean(),
  /** The latest backup run that failed since the newest backup, and whether it is tried again. */
  lastFailure: z.object({ at: z.string(), error: z.string(), retrying: z.boolean() }).nullable(),
  items: z.array(backupItemSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupNameParamsSchema = z.object({
  name: z.string().regex(backupFileNamePattern, 'Not the name of a backup file'),
});

/** POST /api/admin/backups: a backup is queued (or already was) and runs now. */
export const backupRequestedSchema = z.object({ queued: z.literal(true) });
export type BackupRequested = z.infer<typeof backupRequestedSchema>;
