# syntax=docker/dockerfile:1

# Build: a static binary (pure-Go SQLite, no cgo).
FROM golang:1.26-alpine AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w" -o /out/hanabi ./cmd/hanabi \
 && mkdir -p /out/data

# Run: distroless static has no shell and no package manager; the binary's
# own "healthcheck" subcommand stands in for curl.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/hanabi /usr/local/bin/hanabi
# The embedded SQLite file lives in a volume owned by the nonroot user (65532).
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
WORKDIR /data
VOLUME /data
ENV HANABI_ADDR=:8080 \
    HANABI_DATABASE_URL=/data/hanabi.db
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["/usr/local/bin/hanabi", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/hanabi"]
CMD ["serve"]
