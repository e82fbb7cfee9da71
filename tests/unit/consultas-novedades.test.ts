import { describe, expect, it } from "vitest";
import { contarNuevas, llegadas, mostradas } from "@/components/consultas/novedades";

describe("new enquiries noticed by the inbox's poll of page 1", () => {
  const antes = { total: 64, primera: "S3" };

  it("counts nothing while page 1 and Total stay as they were", () => {
    expect(contarNuevas(antes, { total: 64, sids: ["S3", "S2", "S1"] })).toBe(0);
  });

  it("notices a new newest enquiry even when Total did not grow (an old one left the 90-day window meanwhile)", () => {
    expect(contarNuevas(antes, { total: 64, sids: ["S4", "S3", "S2"] })).toBe(1);
    expect(contarNuevas(antes, { total: 63, sids: ["S5", "S4", "S3"] })).toBe(2);
  });

  it("counts the growth of Total when the new one is not the newest (ingested with an earlier Momento)", () => {
    expect(contarNuevas(antes, { total: 65, sids: ["S3", "S2", "S2b"] })).toBe(1);
  });

  it("counts the larger of the two, and all of page 1 when the old newest is no longer on it", () => {
    expect(contarNuevas(antes, { total: 66, sids: ["S5", "S4", "S3"] })).toBe(2);
    expect(contarNuevas(antes, { total: 64, sids: ["T3", "T2", "T1"] })).toBe(3);
    expect(contarNuevas(antes, { total: 200, sids: ["T3", "T2", "T1"] })).toBe(136);
  });

  it("from an empty inbox, every enquiry on page 1 is new", () => {
    expect(contarNuevas({ total: 0, primera: null }, { total: 2, sids: ["S2", "S1"] })).toBe(2);
    expect(contarNuevas({ total: 0, primera: null }, { total: 0, sids: [] })).toBe(0);
  });
});

describe("the rows the inbox marks as arrived while it was open", () => {
  const fila = (sid: string, hora: string) => ({ sid, momentoIso: `2026-11-20T${hora}:00.000Z` });
  const alAbrir = mostradas([fila("S3", "12:00"), fila("S2", "11:00"), fila("S1", "10:00")]);

  it("marks the ones it did not show, newer than all it showed", () => {
    expect(llegadas(alAbrir, [fila("S5", "12:30"), fila("S4", "12:10"), fila("S3", "12:00"), fila("S2", "11:00")])).toEqual(
      new Set(["S5", "S4"]),
    );
  });

  it("marks none when the page is the one it showed", () => {
    expect(llegadas(alAbrir, [fila("S3", "12:00"), fila("S2", "11:00"), fila("S1", "10:00")]).size).toBe(0);
  });

  it("does not mark an older one that moved up (one above it left the tab, marked attended)", () => {
    expect(llegadas(alAbrir, [fila("S3", "12:00"), fila("S1", "10:00"), fila("S0", "09:00")]).size).toBe(0);
  });
});
