import { readFileSync } from "node:fs";
import { globSync } from "tinyglobby";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Consulta, ConsultaRef, Consultas, ConsultasRef } from "@/lib/api/consultas";
import { getConsultaOp, listConsultasOp } from "@/lib/api/consultas";
import type { sendTestNotificationOp } from "@/lib/api/entregas";
import type { SuccessBody } from "@/lib/api/operation";
import { ok } from "@/lib/http/reply";
import type { handle } from "@/lib/http/route";

/**
 * A handler's reply is typed by its operation's success schema (issue 30, part 2): the entry or its
 * Ref form, nothing else. What these assert is checked by the typecheck (`npx tsc --noEmit`, part of
 * `npm test`): it fails when a type differs, or when a reply of another shape compiles (an unused
 * @ts-expect-error). A cast would hide a difference from both, so the last test reads the source for
 * the one that hid one before (`as Consulta[]` on a list's entries).
 */

declare const bind: typeof handle;

describe("a handler's reply, typed by its operation", () => {
  it("is the operation's entry or its Ref form", () => {
    expectTypeOf<SuccessBody<(typeof getConsultaOp)["success"]>>().toEqualTypeOf<Consulta | ConsultaRef>();
    expectTypeOf<SuccessBody<(typeof listConsultasOp)["success"]>>().toEqualTypeOf<Consultas | ConsultasRef>();
    expectTypeOf<SuccessBody<(typeof sendTestNotificationOp)["success"]>["Evento"]>().toEqualTypeOf<"prueba">();
  });

  it("refuses, at build time, a body of another shape", () => {
    void [
      // @ts-expect-error an enquiry's reply without its fields
      () => bind(getConsultaOp, async () => ok({ Sid: "01J" })),
      // @ts-expect-error a list's reply that is one enquiry's
      () => bind(listConsultasOp, async () => ok({ href: "/v3/consultas/a@b.com/1", title: "Consulta" })),
    ];
  });

  it("is not cast into a list of the contract's entries (no `as Consulta[]`)", () => {
    const contractTypes = new Set(
      globSync("lib/api/**/*.ts").flatMap((file) => [...readFileSync(file, "utf8").matchAll(/export type (\w+)/g)].map(([, name]) => name)),
    );
    const casts = globSync(["lib/service/**/*.ts", "lib/http/**/*.ts", "app/v3/**/*.ts"]).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          [...line.matchAll(/\bas (\w+)\[\]/g)].filter(([, name]) => contractTypes.has(name)).map(() => `${file}:${index + 1}`),
        ),
    );
    expect(contractTypes).toContain("Consulta");
    expect(casts).toEqual([]);
  });
});
