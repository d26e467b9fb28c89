// The process probes and the database health check: what entry points and the app mount.
export { healthRoutes } from "./health.routes.ts";
export { createHealthRepo, type HealthRepo } from "./health.repo.ts";
export { probeRoutes } from "./probes.routes.ts";
export { createReadiness, type Readiness, type ReadinessAnswer } from "./readiness.service.ts";
