-- CreateIndex
CREATE INDEX "contact_messages_first_response_at_idx" ON "contact_messages"("first_response_at");
