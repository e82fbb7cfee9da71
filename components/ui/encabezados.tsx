/** A column of a table's header: its text, and what its cells need besides the shared padding (e.g. text-right). */
export type Columna = { texto: string; className?: string };

/** A table's header row: one th scope="col" per column, each with `className` and its own. */
export function Encabezados({ columnas, className }: { columnas: Columna[]; className: string }) {
  return (
    <tr>
      {columnas.map((columna) => (
        <th key={columna.texto} scope="col" className={`${className} ${columna.className ?? ""}`}>
          {columna.texto}
        </th>
      ))}
    </tr>
  );
}
