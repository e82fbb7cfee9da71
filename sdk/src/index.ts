export {
  type ClientOptions,
  createClient,
  type Link,
  type Page,
  type PagedPath,
  type PageInit,
  type Schemas,
  sidDeConsulta,
  type VitrinaClient,
} from "./client.ts";
export type { components, operations, paths, webhooks } from "./openapi.ts";
export { orThrow, type ProblemDetails, type ValidationProblemDetails, VitrinaError } from "./problems.ts";
export { canonicalString, signRequest } from "./signing.ts";
export { type Notificacion, TOLERANCIA_SEGUNDOS, verifyWebhook, WebhookError } from "./webhooks.ts";
