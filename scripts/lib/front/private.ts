// `npm run test:front`, sections 4 and 5: what must never be cached or believed. Signed-in pages
// and bearer API answers are never cached and two users never see each other's; session or
// draft-mode cookies and Authorization bypass the cache and are not stored; POSTs are never cached;
// a spoofed X-Forwarded-For reaches neither the stored address nor the contact rate limit.
import { fromCache, header, send, type Answer } from "./http";
import type { FrontRun } from "./run";
import type { SeededUser } from "../session-credentials";

export async function signedIn(run: FrontRun): Promise<void> {
  const { get, check, query, userByEmail, cookieFor, bearerFor, tag } = run;
  console.log("\n── 4. Sesiones y API privada: nunca en caché ──");
  const users = {
    a: await userByEmail("cliente@lumenti.pe"),
    b: (await query<SeededUser>("SELECT id, name, email, role::text AS role FROM users WHERE role = 'client' AND email <> 'cliente@lumenti.pe' ORDER BY email LIMIT 1"))[0],
  };
  const cookies = { a: await cookieFor(users.a), b: await cookieFor(users.b) };
  const bearers = { a: await bearerFor(users.a), b: await bearerFor(users.b) };
  const caches = new Set<string>();

  for (const round of [1, 2]) {
    for (const who of ["a", "b"] as const) {
      const other = who === "a" ? "b" : "a";
      const page = await get("/client/dashboard", { cookie: cookies[who].cookie });
      const text = page.body.toString();
      caches.add(page.cache);
      check(`/client/dashboard (vuelta ${round}) como ${users[who].email}: su propia página`, page.status === 200 && text.includes(users[who].email) && !text.includes(users[other].email), `${page.status} ${page.cache}`);
      check(`/client/dashboard: nunca HIT`, page.cache !== "HIT", page.cache);
      const me = await get("/api/v1/auth/me", { authorization: bearers[who] });
      caches.add(me.cache);
      let email = "";
      try {
        email = (JSON.parse(me.body.toString()) as { user?: { email?: string } }).user?.email ?? "";
      } catch {
        // not JSON
      }
      check(`/api/v1/auth/me (vuelta ${round}) con el token de ${users[who].email}: su usuario`, me.status === 200 && email === users[who].email, `${me.status} ${email} ${me.cache}`);
      const invoices = await get("/api/client/invoices?limit=5", { authorization: bearers[who] });
      caches.add(invoices.cache);
      const ids = (await query<{ id: number }>("SELECT id FROM invoices WHERE user_id = $1", [users[who].id])).map((row) => row.id);
      let listed: number[] = [];
      try {
        listed = ((JSON.parse(invoices.body.toString()) as { data?: { id: number }[] }).data ?? []).map((invoice) => invoice.id);
      } catch {
        // not JSON
      }
      check(`/api/client/invoices (vuelta ${round}) de ${users[who].email}: solo sus facturas`, invoices.status === 200 && listed.every((id) => ids.includes(id)) && invoices.cache !== "HIT", `${invoices.status} ${invoices.cache} ${listed.join(",")}`);
    }
  }
  console.log(`  2 usuarios × 2 vueltas × (página /client, /auth/me, facturas): estados de caché vistos ${[...caches].join(", ")}`);

  // "/" is cached for visitors, but a signed-in user is redirected to the dashboard (proxy.ts).
  await get("/");
  const home = await get("/", { cookie: cookies.a.cookie });
  check("/ con sesión: redirige al panel, no la portada en caché", home.status >= 300 && home.status < 400 && home.cache === "BYPASS", `${home.status} ${home.cache} ${header(home, "location")}`);

  // Any of these skips the cache and is not stored; other cookies do not.
  const skipping: [string, Record<string, string>][] = [
    ["cookie de sesión segura", { cookie: "__Secure-authjs.session-token=x" }],
    ["cookie de sesión de desarrollo", { cookie: "tema=claro; authjs.session-token=x" }],
    ["cookie de sesión en trozos", { cookie: "__Secure-authjs.session-token.0=x" }],
    ["cookie del modo borrador", { cookie: "__prerender_bypass=x" }],
    ["Authorization", { authorization: "Bearer 1|x" }],
  ];
  for (const [label, headers] of skipping) {
    const pathname = `/terminos?saltar=${encodeURIComponent(label)}-${tag}`;
    const skipped = await get(pathname, headers);
    const after = await get(pathname);
    check(`${label}: BYPASS y no se guarda`, skipped.cache === "BYPASS" && after.cache === "MISS", `${skipped.cache} → ${after.cache}`);
  }
  const harmless = `/terminos?otras=${tag}`;
  await get(harmless);
  const withOthers = await get(harmless, { cookie: "XSRF-TOKEN=abc; tema=oscuro; xauthjs.session-token=1" });
  check("otras cookies no evitan la caché", fromCache(withOthers), withOthers.cache);
  const publicWithToken = await get("/api/v1/products", { authorization: bearers.a });
  check("API pública con token: BYPASS", publicWithToken.cache === "BYPASS", publicWithToken.cache);
  const admin = await get("/admin/dashboard");
  check("/admin sin sesión: redirige, sin caché", admin.status >= 300 && admin.status < 400 && admin.cache === "-", `${admin.status} ${admin.cache}`);
}

// ── 5. POST, client address ──
export async function postsAndAddresses(run: FrontRun): Promise<void> {
  const { viaFront, check, query, tag, frontUrl, appUrl } = run;
  console.log("\n── 5. POST y dirección del cliente ──");
  const body = (n: number) => JSON.stringify({ name: "Prueba Front", email: `front-${tag}@example.com`, message: `Mensaje ${n} a través del front ${tag}` });
  const spoofs = ["203.0.113.7", "203.0.113.8, 198.51.100.1", "::1", "10.0.0.1", "192.0.2.44", "203.0.113.99"];
  const answers: Answer[] = [];
  for (const [index, spoof] of spoofs.entries()) {
    answers.push(await viaFront("POST", "/api/v1/contact", { "content-type": "application/json", "x-forwarded-for": spoof, "x-real-ip": spoof.split(",")[0] }, body(index < 2 ? 0 : index)));
  }
  const stored = await query<{ ip_address: string | null; message: string }>("SELECT ip_address, message FROM contact_messages WHERE email = $1 ORDER BY id", [`front-${tag}@example.com`]);
  console.log(`  6 POST con X-Forwarded-For falsos: ${answers.map((answer) => `${answer.status}${answer.cache === "-" ? "" : ` ${answer.cache}`}`).join(", ")}; guardados ${stored.length}, direcciones ${[...new Set(stored.map((row) => row.ip_address))].join(", ")}`);
  check("dos POST iguales: los dos llegan a la app y se guardan", answers[0].status === 201 && answers[1].status === 201 && stored.filter((row) => row.message === `Mensaje 0 a través del front ${tag}`).length === 2);
  check("POST nunca pasa por la caché", answers.every((answer) => answer.cache === "-"), answers.map((answer) => answer.cache).join(","));
  check("la dirección guardada es la del par TCP del front, no la falsa", stored.length === 5 && stored.every((row) => row.ip_address === "127.0.0.1"), stored.map((row) => row.ip_address).join(","));
  // Server actions: the app compares Origin with the Host it receives, so the front must pass the
  // port the browser used (nginx's $host drops it) or every form on a non-default port is refused.
  const actionHeaders = (origin: string) => ({ "content-type": "text/plain;charset=UTF-8", "next-action": "0".repeat(42), origin });
  const sameSite = await viaFront("POST", "/contacto", actionHeaders(new URL(frontUrl).origin), "[]");
  const foreign = await viaFront("POST", "/contacto", actionHeaders("http://evil.example"), "[]");
  console.log(`  acción de servidor con Origin ${new URL(frontUrl).origin}: ${sameSite.status}; con Origin ajeno: ${foreign.status}`);
  check("una acción de servidor desde el propio sitio (puerto incluido) no se rechaza por origen", !(sameSite.status === 403 && sameSite.body.toString().includes("Solicitud rechazada")), `${sameSite.status} ${sameSite.body.toString().slice(0, 120)}`);
  check("una acción de servidor desde otro origen se rechaza (403)", foreign.status === 403, String(foreign.status));
  check("el límite de contacto (5 cada 10 min) cuenta al cliente real: el 6.º es 429", answers.slice(0, 5).every((answer) => answer.status === 201) && answers[5].status === 429 && Boolean(answers[5].headers["retry-after"]), answers.map((answer) => answer.status).join(","));
  // Without the front, the app believes the header (TRUST_PROXY_HOPS=1): what the front prevents.
  const direct = await send(appUrl, "POST", "/api/v1/contact", { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" }, body(99));
  const [directRow] = await query<{ ip_address: string }>("SELECT ip_address FROM contact_messages WHERE message = $1", [`Mensaje 99 a través del front ${tag}`]);
  console.log(`  control sin el front (TRUST_PROXY_HOPS=1): ${direct.status}, dirección guardada ${directRow?.ip_address ?? "ninguna"}`);
  check("control: sin el front la app sí toma la cabecera (el front es quien la sobrescribe)", directRow?.ip_address === "198.51.100.77", directRow?.ip_address);
}

