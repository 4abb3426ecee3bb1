import { z } from 'zod';

/** `?page=` of a back-office list: 1 when absent. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(10_000).default(1);

/** One page of a back-office list, as every paged admin call answers. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });
