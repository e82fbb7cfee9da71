import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One endpoint of the contract: the handler validates with these schemas and the OpenAPI
 * document is generated from them, so the two cannot drift apart.
 */
export type Operation<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> = {
  method: Method;
  /** OpenAPI path, e.g. /v3/agencias/{adminMail} */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The success response; `ref` when the endpoint offers the Ref form; `lines` when its body is a
   * stream of `entry`, one per line (LINES_TYPE, decisions 0060), instead of one JSON document.
   */
  success: { status: number; description: string; entry?: z.ZodType; ref?: z.ZodType; lines?: true; headers?: Record<string, string> };
  /** Other documented statuses, with what they mean for this endpoint. */
  errors?: Partial<Record<400 | 403 | 404 | 409 | 410, string>>;
  /** Cache-Control for a 200 GET. */
  cacheControl?: string;
  /** No ACS-HMAC (only the OpenAPI document). */
  public?: boolean;
};

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  operation: Operation<P, Q, B>,
): Operation<P, Q, B> {
  return operation;
}
