#!/bin/sh
# Make a local certificate authority and a server certificate for Athanor on a LAN.
#
#   deploy/make-tls.sh OUT_DIR NAME [NAME ...]
#
# NAME is each host name or IP address clients use for the server (athanor.local,
# 192.168.1.20, localhost). Writes into OUT_DIR:
#   ca.pem          the CA certificate: give it to every client (--tls-ca, hub tls_ca)
#   ca.key          the CA's private key: keep it offline; it signs new server certificates
#   server.pem      the server certificate (--tls-cert)
#   server.key      its private key (--tls-key), mode 0600
# An existing CA in OUT_DIR is reused, so re-running renews only the server certificate.
set -eu

if [ "$#" -lt 2 ]; then
    echo "usage: $0 OUT_DIR NAME [NAME ...]  (host names or IP addresses of the server)" >&2
    exit 2
fi
out=$1
shift
days=${ATHANOR_TLS_DAYS:-825}
mkdir -p "$out"
umask 077

san=""
for name in "$@"; do
    case "$name" in
        *[!0-9.]*) kind=DNS ;;  # anything but digits and dots is a host name
        *) kind=IP ;;
    esac
    case "$name" in *:*) kind=IP ;; esac  # an IPv6 address
    san="${san:+$san,}$kind:$name"
done

if [ ! -f "$out/ca.key" ]; then
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
        -keyout "$out/ca.key" -out "$out/ca.pem" -days 3650 \
        -subj "/CN=Athanor local CA" \
        -addext "basicConstraints=critical,CA:TRUE" \
        -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
fi

openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
    -keyout "$out/server.key" -out "$out/server.csr" -subj "/CN=$1" 2>/dev/null
printf 'subjectAltName=%s\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n' \
    "$san" > "$out/server.ext"
openssl x509 -req -in "$out/server.csr" -CA "$out/ca.pem" -CAkey "$out/ca.key" \
    -CAcreateserial -out "$out/server.pem" -days "$days" -extfile "$out/server.ext" 2>/dev/null
rm -f "$out/server.csr" "$out/server.ext"
chmod 0644 "$out/ca.pem" "$out/server.pem"
chmod 0600 "$out/server.key" "$out/ca.key"
echo "made $out/server.pem for $san, signed by $out/ca.pem"
