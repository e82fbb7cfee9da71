import { ConsultaIngestSchema } from "@/lib/api/marketplace";
import { marketplacePost } from "@/lib/http/marketplace";
import { ingestConsulta } from "@/lib/service/consultas/ingest-consulta";

export const POST = marketplacePost(ConsultaIngestSchema, async ({ body }) => ({ status: 201, body: await ingestConsulta(body) }));
