export {
  type ClientOptions,
  createClient,
  type Link,
  type Page,
  type PagedPath,
  type Schemas,
  sidDeConsulta,
  type VitrinaClient,
} from "./client.js";
export type { components, operations, paths, webhooks } from "./openapi.js";
export { orThrow, type ProblemDetails, type ValidationProblemDetails, VitrinaError } from "./problems.js";
export { canonicalString, signRequest } from "./signing.js";
export { type Notificacion, TOLERANCIA_SEGUNDOS, verifyWebhook, WebhookError } from "./webhooks.js";
