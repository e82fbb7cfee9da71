"use client";

import dynamic from "next/dynamic";

/**
 * The enquiry's detail, its code loaded when an enquiry is opened rather than with the inbox: the
 * inbox's first-load JS stays within its budget (200 kB gzip, docs/performance.md).
 */
export const DetalleDiferido = dynamic(() => import("./detalle-consulta").then((modulo) => modulo.DetalleConsulta));
