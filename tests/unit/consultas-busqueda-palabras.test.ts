import { describe, expect, it } from "vitest";
import { ListConsultasQuery, SearchConsultasQuery } from "@/lib/api/consultas";
import { MAX_PALABRAS_Q, MAX_Q, MIN_PALABRA_Q, searchWords } from "@/lib/api/limites";

const ATTACK = "a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9";

/** The errors under `q` of a list's query, [] when valid. */
const errorsOfQ = (q: string, schema: typeof ListConsultasQuery | typeof SearchConsultasQuery = ListConsultasQuery) => {
  const result = schema.safeParse({ q });
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === "q").map((issue) => issue.message);
};

describe("the words a q is searched by (docs/decisions/0054)", () => {
  it("are its words, each once, but those of one character", () => {
    expect(MIN_PALABRA_Q).toBe(2);
    expect(searchWords("Juan de la Cruz")).toEqual(["Juan", "de", "la", "Cruz"]);
    expect(searchWords("Juan P Gómez")).toEqual(["Juan", "Gómez"]);
    expect(searchWords("gomez gomez  juan")).toEqual(["gomez", "juan"]);
    expect(searchWords("ford ka")).toEqual(["ford", "ka"]);
    expect(searchWords("ñ")).toEqual([]);
    expect(searchWords(ATTACK)).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });

  it("keep a full e-mail, a sid and a phone's partial digits whole", () => {
    expect(searchWords("Juan.Gomez@Example.com")).toEqual(["Juan.Gomez@Example.com"]);
    expect(searchWords("01KBZ6XG4Q2M8V7T3N5R9W1Y0H")).toEqual(["01KBZ6XG4Q2M8V7T3N5R9W1Y0H"]);
    expect(searchWords("351 737")).toEqual(["351737"]);
    expect(searchWords("+54 9 (351) 555-0101")).toEqual(["5493515550101"]);
    expect(searchWords("7")).toEqual([]);
  });

  it("make q a 400 under q when none is left, or more than the maximum are", () => {
    expect(errorsOfQ(ATTACK)).toEqual(["q debe tener al menos una palabra de 2 caracteres o más."]);
    expect(errorsOfQ("7", SearchConsultasQuery)).toEqual(["q debe tener al menos una palabra de 2 caracteres o más."]);
    const tooMany = "juan pablo de la cruz gomez perez";
    expect(searchWords(tooMany)).toHaveLength(MAX_PALABRAS_Q + 1);
    expect(errorsOfQ(tooMany)).toEqual(["q no puede tener más de 6 palabras (sin contar las de menos de 2 caracteres, que no se buscan)."]);
    const twoLetterPrefixes = "co 01 54 00 st au ro to fi ma li go ho ca pe vo gm ou ya fo se fe sa me ch re hi du ra pa ga mo ve";
    expect(twoLetterPrefixes.length).toBeLessThanOrEqual(MAX_Q);
    expect(errorsOfQ(twoLetterPrefixes)).toHaveLength(1);
  });

  it("accept what people search for, and no q at all", () => {
    for (const q of ["Juan de la Cruz", "juan pablo de la cruz gomez", "Juan P Gómez", "ford ka", "351 737", "correo.com", "AUT-00081"]) {
      expect(errorsOfQ(q), q).toEqual([]);
    }
    expect(ListConsultasQuery.safeParse({}).success).toBe(true);
    expect(ListConsultasQuery.safeParse({ q: "   " }).data?.q).toBeUndefined();
    expect(errorsOfQ("  ", SearchConsultasQuery)).toEqual(["q no puede estar vacío."]);
  });
});
