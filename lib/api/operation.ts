import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One endpoint of the contract: the handler validates with these schemas and the OpenAPI
 * document is generated from them, so the two cannot drift apart.
 */
/**
 * The success response; `ref` when the endpoint offers the Ref form; `lines` when its body is a
 * stream of `entry`, one per line (LINES_TYPE, decisions 0060), instead of one JSON document.
 */
export type Success = {
  status: number;
  description: string;
  entry?: z.ZodType;
  ref?: z.ZodType;
  lines?: true;
  headers?: Record<string, string>;
};

type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** What a handler of the operation may answer in its success body: its entry or its Ref form. */
export type SuccessBody<S extends Success> = Output<S["entry"]> | Output<S["ref"]>;

export type Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  S extends Success = Success,
> = {
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
  success: S;
  /** Other documented statuses, with what they mean for this endpoint. */
  errors?: Partial<Record<400 | 403 | 404 | 409 | 410, string>>;
  /** Cache-Control for a 200 GET. */
  cacheControl?: string;
  /** No ACS-HMAC (only the OpenAPI document). */
  public?: boolean;
};

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, S extends Success>(
  operation: Operation<P, Q, B, S>,
): Operation<P, Q, B, S> {
  return operation;
}
