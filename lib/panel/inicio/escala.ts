/**
 * The value axis of a chart of counts: a few whole, round marks from 0 to a top at or above the
 * largest count (0, 5, 10, 15 for 13), each step 1, 2 or 5 times a power of ten.
 */
export function marcasDeCuentas(maximo: number, marcas = 3): number[] {
  const crudo = Math.max(1, maximo) / marcas;
  const potencia = 10 ** Math.floor(Math.log10(crudo));
  const paso = Math.max(1, ([1, 2, 5, 10].find((factor) => factor * potencia >= crudo) ?? 10) * potencia);
  const tope = Math.max(paso, Math.ceil(maximo / paso) * paso);
  return Array.from({ length: tope / paso + 1 }, (_, indice) => indice * paso);
}
