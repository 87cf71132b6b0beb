// The slowest test files of a run, printed at its end by both runners (tests/support/reporters/),
// so that the next file that makes `npm test` slow is seen in every run's output, locally and in CI.

/** How many files the summary lists. */
export const SLOWEST_FILES = 12;

export type FileTime = { file: string; project: string; ms: number };

/**
 * The summary's lines: each project's summed time, then the slowest files first, with their share of
 * the files' summed time.
 */
export function fileTimesSummary(title: string, times: FileTime[], limit = SLOWEST_FILES): string[] {
  if (times.length === 0) return [];
  const total = times.reduce((sum, time) => sum + time.ms, 0);
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, limit);
  const width = Math.max(...slowest.map((time) => time.file.length + time.project.length + 3));
  const projects = new Map<string, { files: number; ms: number }>();
  for (const time of times) {
    const project = projects.get(time.project) ?? { files: 0, ms: 0 };
    project.files += 1;
    project.ms += time.ms;
    projects.set(time.project, project);
  }
  const byProject = [...projects]
    .sort(([, a], [, b]) => b.ms - a.ms)
    .map(
      ([name, project]) => `${name} ${seconds(project.ms)} (${project.files} file${project.files === 1 ? "" : "s"})`,
    );
  return [
    `${title}: the ${slowest.length} slowest of ${times.length} files (${seconds(total)} summed over all files)`,
    `  by project: ${byProject.join(", ")}`,
    ...slowest.map(
      (time) =>
        `  ${`${time.file} [${time.project}]`.padEnd(width)}  ${seconds(time.ms).padStart(7)}  ${percent(time.ms, total)}`,
    ),
  ];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (part: number, whole: number) => `${whole ? Math.round((part / whole) * 100) : 0} %`;
