// The platform's job runner is not re-exported from @tender/platform's index yet (packages/platform/src/index.ts);
// this one file reaches into it so that the rest of the gateway imports jobs from a single place. When the index
// exports ./jobs/index.ts, replace the path below with '@tender/platform'.
export {
  createJobRunner,
  enqueue,
  enqueueMany,
  PermanentJobError,
  RetryLaterError,
  exponentialBackoff,
  type Job,
  type JobContext,
  type JobRunner,
  type QueueDefinition,
} from '../../../../packages/platform/src/jobs/index.ts';
