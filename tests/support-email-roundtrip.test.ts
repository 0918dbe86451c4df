// A ticket's e-mail round trip: the staff reply leaves through a REAL SMTP server, the client
// answers that very mail (its Message-ID in In-Reply-To, to its Reply-To address, with an
// attachment), and the inbound pipeline lands the answer in the ticket: both threads show it "by
// e-mail", the admins can open the original and download the file, a resolved ticket reopens, and
// the next staff reply answers the client's mail.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as attachmentRoute from "@/app/api/v1/admin/tickets/[id]/attachments/[attachmentId]/route";
import { db } from "@/lib/db";
import { receiveInboundMail } from "@/lib/inbound/receive";
import type { AdminTicketDetailContract, TicketDetailContract } from "@/lib/support/serialize";
import { uniqueTag } from "./helpers/auth";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";
import { caller, myTicket, openTicket, staffCalls, type Caller } from "./helpers/support";

let admin: Caller;
let ana: Caller;
let smtp: TestSmtpServer;

beforeAll(async () => {
  [admin, ana] = await Promise.all([caller("admin"), caller("client")]);
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.INBOUND_REPLY_ADDRESS;
  vi.restoreAllMocks();
});

const { adminTicket, adminUpdate, staffReply } = staffCalls(() => admin);

/** The client's mail program answering `original` (quoting it), with a small PDF attached. */
function clientAnswer(original: { messageId: string; replyTo: string; subject: string; text: string }, from: string, messageId: string): Buffer {
  const quoted = original.text
    .split("\n")
    .slice(0, 3)
    .map((line) => `> ${line}`)
    .join("\r\n");
  const pdf = Buffer.from("%PDF-1.4\n% comprobante de prueba\n").toString("base64");
  return Buffer.from(
    [
      `From: Ana Cliente <${from}>`,
      `To: ${original.replyTo}`,
      `Subject: Re: ${original.subject}`,
      `Message-ID: ${messageId}`,
      `In-Reply-To: ${original.messageId}`,
      `References: ${original.messageId}`,
      `Date: ${new Date().toUTCString()}`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="limite"',
      "",
      "--limite",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      "Lo probé de nuevo y sigue el error 500.",
      "",
      "El lun., Soporte escribió:",
      quoted,
      "--limite",
      'Content-Type: application/pdf; name="comprobante.pdf"',
      'Content-Disposition: attachment; filename="comprobante.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      pdf,
      "--limite--",
      "",
    ].join("\r\n"),
    "utf8",
  );
}

describe("a ticket's e-mail round trip", () => {
  it("the client's answer to the staff reply lands in the ticket, reopens it, and the next reply answers it", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    process.env.SMTP_URL = smtp.url;
    process.env.INBOUND_REPLY_ADDRESS = "soporte@lumenti.pe";
    const ticket = await openTicket(ana, `Error 500 ${uniqueTag()}`);
    await staffReply(ticket.id, { body: "Hola, ya lo corregimos.\n¿Puede probar de nuevo?" });
    const sent = await smtp.waitFor((mail) => mail.recipients.includes(ana.user.email) && (mail.headers.subject ?? "").includes(`[#T-${ticket.id}]`));
    await adminUpdate(ticket.id, { status: "resolved" });

    const answerId = `<respuesta-${uniqueTag()}@cliente.example.pe>`;
    const raw = clientAnswer(
      { messageId: sent.headers["message-id"], replyTo: sent.headers["reply-to"], subject: sent.headers.subject, text: sent.text },
      ana.user.email,
      answerId,
    );
    const result = await receiveInboundMail(raw, { via: "smtp", recipients: [sent.headers["reply-to"]] });
    expect(result).toMatchObject({ status: "accepted", outcome: "ticket_reply" });

    const detail = (await adminTicket(ticket.id)).body.data as AdminTicketDetailContract;
    expect(detail.status).toBe("open");
    const answer = detail.entries.find((entry) => entry.kind === "inbound");
    expect(answer).toMatchObject({ via: "email", from_address: ana.user.email, original_available: true });
    expect(answer?.body).toContain("Lo probé de nuevo y sigue el error 500.");
    expect(answer?.body).not.toContain("¿Puede probar de nuevo?");
    expect(answer?.attachments).toEqual([expect.objectContaining({ file_name: "comprobante.pdf", mime: "application/pdf" })]);
    expect(detail.entries.at(-1)).toMatchObject({ kind: "event", data: { from: "resolved", to: "open" } });

    const file = answer?.attachments[0];
    const download = await attachmentRoute.GET(new Request(`http://localhost${file?.url}`, { headers: { authorization: `Bearer ${admin.token}` } }), {
      params: Promise.resolve({ id: String(ticket.id), attachmentId: String(file?.id) }),
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).toString("utf8")).toContain("comprobante de prueba");

    const mine = (await myTicket(ana, ticket.id)).body.data as TicketDetailContract;
    expect(mine.conversation.find((entry) => entry.type === "message" && entry.via_email)).toMatchObject({ from_staff: false });

    await staffReply(ticket.id, { body: "Revisamos otra vez el módulo." });
    const next = await smtp.waitFor((mail) => mail.recipients.includes(ana.user.email) && mail.text.includes("Revisamos otra vez el módulo."));
    expect(next.headers["in-reply-to"]).toBe(answerId);
    expect(next.headers.references?.split(/\s+/)).toEqual([sent.headers["message-id"], answerId]);
    expect(await db.inboundEmail.findFirst({ where: { messageId: answerId } })).toMatchObject({ outcome: "ticket_reply", relatedType: "ticket", relatedId: String(ticket.id) });
  });
});
