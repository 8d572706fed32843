import { z } from "~/lib/zod";

/** The syllabus stored as JSON with each formation (docs/product.md, "Training offer" and "Staff: formations"). */
export const lessonSchema = z.object({
  title: z.string().default(""),
  description: z.string().default(""),
  duration: z.string().default(""),
  content: z.string().default(""),
});

export const moduleSchema = z.object({
  number: z.coerce.number().int().min(0).default(1),
  title: z.string().default(""),
  description: z.string().default(""),
  duration: z.string().default(""),
  points_clefs: z.array(z.string()).default([]),
  objectifs: z.array(z.string()).default([]),
  pratique: z.array(z.string()).default([]),
  lessons: z.array(lessonSchema).default([]),
});

export const syllabusSchema = z.object({
  overview: z
    .object({
      title: z.string().default(""),
      description: z.string().default(""),
      objectives: z.array(z.string()).default([]),
      duration: z.string().default(""),
      instructor: z.string().default(""),
    })
    .default({ title: "", description: "", objectives: [], duration: "", instructor: "" }),
  modules: z.array(moduleSchema).default([]),
});

export type Lesson = z.infer<typeof lessonSchema>;
export type SyllabusModule = z.infer<typeof moduleSchema>;
export type Syllabus = z.infer<typeof syllabusSchema>;

export function emptySyllabus(): Syllabus {
  return { overview: { title: "", description: "", objectives: [], duration: "", instructor: "" }, modules: [] };
}

/** Parse stored JSON leniently: a broken value reads as no syllabus rather than a crash. */
export function parseSyllabus(json: string | null | undefined): Syllabus | null {
  if (!json) return null;
  try {
    const r = syllabusSchema.safeParse(JSON.parse(json));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
