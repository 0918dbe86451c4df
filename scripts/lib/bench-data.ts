// The large dataset of the benchmarks (`npm run bench`, `npm run bench:inbox`), inserted with
// set-based SQL (generate_series), never one statement per row: seconds, not minutes. Every row
// satisfies the schema's constraints (CHECKs, enums, unique keys) as the app's own writes would.
import pg from "pg";

/**
 * Runs a bulk load without the named (trigram search) indexes and builds each once afterwards, as a
 * bulk load should: kept up row by row, they would make the load several times slower.
 */
async function withoutIndexes(client: pg.Client, names: string[], load: () => Promise<void>): Promise<void> {
  const definitions: string[] = [];
  for (const name of names) {
    const { rows } = await client.query<{ def: string }>("SELECT pg_get_indexdef($1::regclass) AS def", [name]);
    definitions.push(rows[0].def);
    await client.query(`DROP INDEX "${name}"`);
  }
  try {
    await load();
  } finally {
    for (const definition of definitions) await client.query(definition);
  }
}

/**
 * `rows` varied contact messages (statuses, sectors, cities), one in five answered: its reply is
 * the first entry of its thread (by the first admin, e-mailed and sent, which is its first
 * response), inserted by the same statement. The trigram search index is dropped during the load
 * and built once afterwards, as a bulk load should.
 */
export function insertContactMessages(client: pg.Client, rows: number): Promise<void> {
  return withoutIndexes(client, ["contact_messages_search_trgm_idx"], () => loadContactMessages(client, rows));
}

async function loadContactMessages(client: pg.Client, rows: number): Promise<void> {
  await client.query(`
    WITH words AS (
      SELECT
        ARRAY['María','José','Lucía','Martín','Gabriela','Fernando','Rosa','Jorge','Carmen','Luis','Ana','Ricardo','Patricia','Óscar','Sofía','Andrés','Elena','Raúl','Diana','Héctor'] AS first_names,
        ARRAY['Quispe','Rojas','Paredes','Castillo','Núñez','Flores','Mendoza','Vargas','Huamán','Chávez','Ramírez','Torres','Gutiérrez','Sánchez','Díaz','Mamani','Salazar','Cárdenas','Ríos','Espinoza','Vilca','Poma','Ccori','Yupanqui','Zevallos'] AS last_names,
        ARRAY['Ferretería El Constructor','Textiles Andinos S.A.C.','Logística Andina','Clínica San Gabriel','Colegio Santa Teresa','Agroexportadora del Sur','Inversiones Miraflores','Café Selva Central','Transportes Rápidos','Minera Los Andes','Panadería La Espiga','Óptica Visión Clara', NULL] AS companies,
        ARRAY['Lima','Trujillo','Cusco','Piura','Chiclayo','Huancayo','Tacna','Iquitos','Puno','Ica','Cajamarca','Ayacucho','Chimbote','Pucallpa','Tarapoto','Huánuco','Juliaca','Tumbes','Moquegua','Huaraz','Sullana','Abancay','Arequipa','Moyobamba','Chachapoyas','Cerro de Pasco','Huancavelica','Puerto Maldonado','Talara','Jaén','Barranca','Huacho','Pisco','Nazca','Ilo','Mollendo','Camaná','Paita','Lambayeque','Tingo María'] AS cities,
        ARRAY['Cotización de ERP','Consulta sobre facturación electrónica','Información sobre CRM','Demostración del sistema','Integración con SUNAT','Soporte técnico','Precio de licencias','Propuesta de automatización','Tienda virtual','Gestión documental', NULL] AS subjects,
        ARRAY[
          'Buenas tardes, quisiera información sobre su ERP para controlar inventario y ventas en nuestras tiendas.',
          'Necesitamos emitir facturas y boletas electrónicas desde nuestro sistema actual. ¿Cuánto demora la integración?',
          'Hola, somos una empresa pequeña y buscamos un CRM para ordenar a nuestros clientes y el seguimiento comercial.',
          'Queremos automatizar los reportes de ventas que hoy hacemos a mano en Excel cada semana.',
          'Estamos evaluando una tienda virtual conectada a nuestro inventario. ¿Podrían enviarnos una propuesta?',
          'Tenemos problemas con el sistema de planillas y buscamos una alternativa con soporte local.',
          'Me interesa una demostración de la gestión documental para digitalizar nuestros expedientes.',
          'Solicito una cotización para 10 usuarios con soporte 24/7 y capacitación del personal.'
        ] AS messages
    ), inserted AS (
    INSERT INTO contact_messages (name, email, phone, company, subject, message, status, sector_id, replied_at, first_response_at, read_at, ip_address, user_agent, created_at, updated_at)
    SELECT
      w.first_names[1 + g % 20] || ' ' || w.last_names[1 + (g / 20) % 25] || ' ' || w.last_names[1 + (g / 7) % 25],
      'contacto' || g || '@empresa' || (g % 997) || '.pe',
      '+51 9' || lpad((g % 100000000)::text, 8, '0'),
      w.companies[1 + (g / 3) % 13],
      w.subjects[1 + (g / 11) % 11],
      w.messages[1 + g % 8] || ' Escribo desde ' || w.cities[1 + (g / 13) % 40] || '. Referencia ' || g || '.',
      (ARRAY['new','new','read','read','read','replied','replied','closed','archived','archived'])[1 + g % 10]::contact_status,
      (SELECT id FROM sectors ORDER BY id OFFSET (g % 5) LIMIT 1),
      CASE WHEN g % 10 IN (5, 6) THEN now() - (g * interval '5 minutes') + interval '3 hours' END,
      CASE WHEN g % 10 IN (5, 6) THEN now() - (g * interval '5 minutes') + interval '3 hours' END,
      CASE WHEN g % 10 >= 2 THEN now() - (g * interval '5 minutes') + interval '1 hour' END,
      '190.' || (g % 255) || '.' || ((g / 255) % 255) || '.' || (g % 200),
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      now() - (g * interval '5 minutes'),
      now()
    FROM generate_series(1, $1::int) AS g, words w
    RETURNING id, replied_at
    )
    INSERT INTO contact_entries (message_id, kind, body, author_id, mail_message_id, delivery_status, attempted_at, sent_at, server_response, created_at)
    SELECT i.id, 'reply', 'Gracias por escribirnos; le enviamos la propuesta.',
           (SELECT id FROM users WHERE role = 'admin' ORDER BY created_at, id LIMIT 1),
           '<bench-c' || i.id || '@lumenti.pe>', 'sent', i.replied_at, i.replied_at, '250 2.0.0 Ok: queued', i.replied_at
    FROM inserted i
    WHERE i.replied_at IS NOT NULL`, [rows]);
}

/** `rows` client users with a billing profile: even ones a RUC (facturas), odd ones a DNI (boletas). */
export async function insertUsers(client: pg.Client, rows: number): Promise<void> {
  await withoutIndexes(client, ["users_search_trgm_idx"], () => loadUsers(client, rows));
}

async function loadUsers(client: pg.Client, rows: number): Promise<void> {
  await client.query(
    `INSERT INTO users (id, name, email, role, billing_name, tax_id, created_at, updated_at)
     SELECT
       'benchuser' || lpad(g::text, 7, '0'),
       (ARRAY['María','José','Lucía','Martín','Gabriela','Fernando','Rosa','Jorge','Carmen','Luis'])[1 + g % 10] || ' ' ||
         (ARRAY['Quispe','Rojas','Paredes','Castillo','Núñez','Flores','Mendoza','Vargas','Huamán','Chávez','Torres'])[1 + (g / 10) % 11],
       'cliente' || g || '@bench.lumenti.pe',
       'client',
       CASE WHEN g % 2 = 0 THEN 'Empresa de Prueba ' || g || ' S.A.C.' ELSE 'Cliente de Prueba ' || g END,
       CASE WHEN g % 2 = 0 THEN '20' || lpad(g::text, 9, '0') ELSE lpad(g::text, 8, '0') END,
       now() - (($1::int - g) * interval '1 hour'),
       now()
     FROM generate_series(1, $1::int) AS g`,
    [rows],
  );
}

/**
 * `rows` published catalogue items, half products and half services, in the public categories
 * (lib/catalog/categories.ts), after the seeded ones in the listing order.
 */
export async function insertCatalogItems(client: pg.Client, rows: number, categories: { product: readonly string[]; service: readonly string[] }): Promise<void> {
  await client.query(
    `INSERT INTO catalog_items (kind, name, slug, description, long_description, content_html, features, price_from, currency, billing_period,
                                category, status, order_index, specifications, benefits, use_cases, faq, created_at, updated_at)
     SELECT
       k.kind::catalog_kind,
       CASE WHEN k.kind = 'product' THEN 'Sistema de gestión ' ELSE 'Servicio de consultoría ' END || g,
       CASE WHEN k.kind = 'product' THEN 'bench-producto-' ELSE 'bench-servicio-' END || g,
       'Solución para pymes del Perú: procesos ordenados, reportes al día y soporte local. Elemento de prueba número ' || g || '.',
       'Implementación guiada, capacitación del equipo y acompañamiento durante el primer año.',
       '<p>Implementación guiada, <strong>capacitación</strong> del equipo y acompañamiento durante el primer año.</p>',
       ARRAY['Soporte local','Capacitación incluida','Reportes en línea'],
       (50 + (g % 40) * 25)::numeric(12,2),
       (ARRAY['USD','PEN'])[1 + g % 2]::currency,
       (ARRAY['monthly','yearly','one_time'])[1 + g % 3]::billing_period,
       CASE WHEN k.kind = 'product' THEN ($2::text[])[1 + (g / 2) % cardinality($2::text[])]
            ELSE ($3::text[])[1 + (g / 2) % cardinality($3::text[])] END,
       'active',
       1000 + g,
       ARRAY['Usuarios: ilimitados','Soporte: 24/7'],
       ARRAY['Menos trabajo manual','Información al día'],
       ARRAY['Empresas con varias sedes'],
       ARRAY['¿Incluye capacitación?: Sí, para todo el equipo.'],
       now() - (g * interval '1 hour'),
       now()
     FROM generate_series(1, $1::int) AS g,
          LATERAL (SELECT CASE WHEN g % 2 = 0 THEN 'product' ELSE 'service' END AS kind) k`,
    [rows, categories.product, categories.service],
  );
}

/**
 * `rows` invoices to the bench users (F001 to a RUC, B001 to a DNI), numbered after each series'
 * counter and gap-free, with 1 to 3 lines whose totals add up to the subtotal, IGV 18 %, issuer
 * copied from the site settings; 60 % paid (with their payment), 30 % pending, 10 % cancelled.
 * Needs insertUsers first.
 */
export function insertInvoices(client: pg.Client, rows: number, users: number): Promise<void> {
  return withoutIndexes(client, ["invoices_search_trgm_idx", "payments_search_trgm_idx"], () => loadInvoices(client, rows, users));
}

async function loadInvoices(client: pg.Client, rows: number, users: number): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query(
      `CREATE TEMP TABLE bench_invoices ON COMMIT DROP AS
       WITH base AS (
         SELECT g, 1 + (g % $2::int) AS u, 1 + g % 3 AS line_count, 50 + (g % 40) * 5 AS price FROM generate_series(1, $1::int) AS g
       ), priced AS (
         SELECT b.*, (SELECT sum(k * (b.price + k * 10)) FROM generate_series(1, b.line_count) AS k)::numeric(12,2) AS subtotal,
                CASE WHEN b.u % 2 = 0 THEN 'F001' ELSE 'B001' END AS series
         FROM base b
       )
       SELECT p.*, COALESCE(s.last_number, 0) + row_number() OVER (PARTITION BY p.series ORDER BY p.g) AS seq,
              round(p.subtotal * 0.18, 2) AS tax,
              (current_date - ((($1::int - p.g)::bigint * 730) / $1::int)::int) AS issued
       FROM priced p LEFT JOIN invoice_series s ON s.series = p.series`,
      [rows, users],
    );
    await client.query(
      `INSERT INTO invoices (invoice_number, series, sequence, user_id, description, subtotal, tax_rate, tax_amount, amount, amount_paid,
                             currency, status, issuer_name, issuer_tax_id, issuer_address, customer_name, customer_tax_id, customer_email,
                             issued_at, due_date, paid_at, cancelled_at, cancel_reason, created_at, updated_at)
       SELECT b.series || '-' || lpad(b.seq::text, 8, '0'), b.series, b.seq, u.id, 'Servicios de consultoría TI',
              b.subtotal, 18, b.tax, b.subtotal + b.tax,
              CASE WHEN (b.g / 3) % 10 < 6 THEN b.subtotal + b.tax ELSE 0 END,
              (ARRAY['USD','PEN'])[1 + b.g % 2]::currency,
              (CASE WHEN (b.g / 3) % 10 < 6 THEN 'paid' WHEN (b.g / 3) % 10 < 9 THEN 'pending' ELSE 'cancelled' END)::invoice_status,
              COALESCE(s.company_legal_name, s.company_name, 'Lumen Consultoría TI'),
              CASE WHEN s.company_tax_id ~ '^[0-9]{11}$' THEN s.company_tax_id END,
              s.contact_address,
              u.billing_name, u.tax_id, u.email,
              b.issued, b.issued + 15,
              CASE WHEN (b.g / 3) % 10 < 6 THEN b.issued + interval '5 days' END,
              CASE WHEN (b.g / 3) % 10 = 9 THEN b.issued + interval '1 day' END,
              CASE WHEN (b.g / 3) % 10 = 9 THEN 'Emitida por error' END,
              b.issued::timestamp, now()
       FROM bench_invoices b
       JOIN users u ON u.id = 'benchuser' || lpad(b.u::text, 7, '0')
       LEFT JOIN site_settings s ON s.id = 1
       ORDER BY b.g`,
    );
    await client.query(
      `INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price, line_total)
       SELECT i.id, k, (ARRAY['Licencia mensual','Implementación','Soporte y mantenimiento'])[k], k, b.price + k * 10, k * (b.price + k * 10)
       FROM bench_invoices b
       JOIN invoices i ON i.invoice_number = b.series || '-' || lpad(b.seq::text, 8, '0')
       CROSS JOIN LATERAL generate_series(1, b.line_count) AS k`,
    );
    await client.query(
      `INSERT INTO payments (user_id, invoice_id, amount, currency, method, reference, status, paid_at, created_at)
       SELECT i.user_id, i.id, i.amount, i.currency, (ARRAY['transferencia','tarjeta','yape','plin','efectivo'])[1 + i.id % 5]::payment_method,
              'OP-' || i.id, 'completed', i.paid_at, i.paid_at
       FROM invoices i JOIN bench_invoices b ON i.invoice_number = b.series || '-' || lpad(b.seq::text, 8, '0')
       WHERE i.status = 'paid'`,
    );
    await client.query(
      `INSERT INTO invoice_series (series, last_number)
       SELECT series, max(seq) FROM bench_invoices GROUP BY series
       ON CONFLICT (series) DO UPDATE SET last_number = GREATEST(invoice_series.last_number, EXCLUDED.last_number)`,
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/**
 * One subscription for every other bench user (a catalogue plan each, monthly or yearly; most
 * active, some paused, cancelled or expired). Needs insertUsers and insertCatalogItems first.
 */
export function insertSubscriptions(client: pg.Client, users: number): Promise<void> {
  return withoutIndexes(client, ["subscriptions_search_trgm_idx"], () => loadSubscriptions(client, users));
}

async function loadSubscriptions(client: pg.Client, users: number): Promise<void> {
  await client.query(
    `INSERT INTO subscriptions (user_id, catalog_item_id, plan_name, amount, currency, billing_period, status, started_at, next_billing_date,
                                cancelled_at, cancel_reason, created_at, updated_at)
     SELECT 'benchuser' || lpad(g::text, 7, '0'), c.id, c.name, c.price_from, c.currency,
            (ARRAY['monthly','yearly'])[1 + g % 2]::billing_period,
            (ARRAY['active','active','active','active','active','active','paused','cancelled','expired','active'])[1 + (g / 2) % 10]::subscription_status,
            now() - ((g % 700) * interval '1 day'),
            CASE WHEN (g / 2) % 10 IN (7, 8) THEN NULL ELSE current_date + (g % 30) END,
            CASE WHEN (g / 2) % 10 = 7 THEN now() - ((g % 30) * interval '1 day') END,
            CASE WHEN (g / 2) % 10 = 7 THEN 'Cambio de proveedor' END,
            now() - ((g % 700) * interval '1 day'), now()
     FROM generate_series(2, $1::int, 2) AS g
     CROSS JOIN LATERAL (SELECT id, name, price_from, currency FROM catalog_items WHERE slug LIKE 'bench-%' ORDER BY id OFFSET (g % 500) LIMIT 1) c`,
    [users],
  );
}

/**
 * `rows` support tickets from the bench users (every status and priority, a third assigned to the
 * first admin), each with three replies: the client's follow-up, the staff's answer (e-mailed and
 * sent) and the client's thanks. Needs insertUsers first.
 */
export function insertTickets(client: pg.Client, rows: number, users: number): Promise<void> {
  return withoutIndexes(client, ["tickets_search_trgm_idx"], () => loadTickets(client, rows, users));
}

async function loadTickets(client: pg.Client, rows: number, users: number): Promise<void> {
  await client.query(
    `WITH admin AS (SELECT id FROM users WHERE role = 'admin' ORDER BY created_at, id LIMIT 1), inserted AS (
       INSERT INTO tickets (user_id, subject, description, status, priority, closed_at, assigned_to_id, created_at, updated_at)
       SELECT 'benchuser' || lpad((1 + g % $2::int)::text, 7, '0'),
              (ARRAY['No puedo emitir boletas','Error al exportar el reporte de ventas','Consulta sobre mi factura','Cambiar el correo de notificaciones','El sistema está lento','Alta de un nuevo usuario'])[1 + g % 6] || ' (' || g || ')',
              'Desde esta mañana el sistema muestra un error al intentar la operación. Adjunto el detalle del caso número ' || g || '.',
              (ARRAY['open','in_progress','resolved','closed'])[1 + g % 4]::ticket_status,
              (ARRAY['low','medium','medium','high','urgent'])[1 + (g / 4) % 5]::ticket_priority,
              CASE WHEN g % 4 = 3 THEN now() - (g * interval '10 minutes') + interval '2 days' END,
              CASE WHEN g % 3 = 0 THEN (SELECT id FROM admin) END,
              now() - (g * interval '10 minutes'),
              now() - (g * interval '10 minutes') + interval '1 day'
       FROM generate_series(1, $1::int) AS g
       RETURNING id, user_id, created_at
     )
     INSERT INTO ticket_replies (ticket_id, author_id, body, from_staff, mail_message_id, delivery_status, attempted_at, sent_at, created_at)
     SELECT i.id, CASE WHEN k = 2 THEN (SELECT id FROM admin) ELSE i.user_id END,
            (ARRAY['Les envío la captura del error.','Gracias por avisarnos; ya lo revisamos y quedó corregido.','Confirmo que ya funciona, gracias.'])[k],
            k = 2,
            CASE WHEN k = 2 THEN '<bench-t' || i.id || '@lumenti.pe>' END,
            CASE WHEN k = 2 THEN 'sent'::mail_delivery_status END,
            CASE WHEN k = 2 THEN i.created_at + k * interval '4 hours' END,
            CASE WHEN k = 2 THEN i.created_at + k * interval '4 hours' END,
            i.created_at + k * interval '4 hours'
     FROM inserted i CROSS JOIN generate_series(1, 3) AS k`,
    [rows, users],
  );
}

/**
 * `rows` audit entries, as the admins' work over two years leaves them: replies, invoice issues
 * and payments, user, catalogue and setting edits, each with the before/after details the app
 * writes, by the seeded admins, newest first by time.
 */
export async function insertAuditLogs(client: pg.Client, rows: number): Promise<void> {
  await client.query(
    `WITH admins AS (SELECT array_agg(id ORDER BY created_at, id) AS ids FROM users WHERE role = 'admin')
     INSERT INTO audit_logs (actor_id, action, entity_type, entity_id, ip_address, details, created_at)
     SELECT a.ids[1 + g % cardinality(a.ids)],
            (ARRAY['contact_message.reply','invoice.create','payment.create','user.update','product.update','service.update','settings.update','ticket.reply'])[1 + g % 8],
            (ARRAY['contact_message','invoice','payment','user','product','service','settings','ticket'])[1 + g % 8],
            CASE WHEN g % 8 = 6 THEN '1' ELSE (1 + g % 5000)::text END,
            '190.' || (g % 255) || '.' || ((g / 255) % 255) || '.' || (g % 200),
            jsonb_build_object('before', jsonb_build_object('status', 'new', 'name', 'Registro ' || g), 'after', jsonb_build_object('status', 'read', 'name', 'Registro ' || g || ' (editado)')),
            now() - (g * interval '5 minutes')
     FROM generate_series(1, $1::int) AS g, admins a`,
    [rows],
  );
}
