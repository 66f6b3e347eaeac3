package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// allowedMethods are the methods the API's routes take (notes are written
// with PUT), and OPTIONS for the preflight itself.
const allowedMethods = "GET, POST, PUT, DELETE, OPTIONS"

// noSniff tells browsers to take every answer as the type it says it is,
// never to guess another (a JSON body read as a page).
func noSniff(c *gin.Context) {
	c.Writer.Header().Set("X-Content-Type-Options", "nosniff")
	c.Next()
}

// cors lets browser clients on any origin use the API. Seat tokens travel in
// the Authorization header, never in cookies, so allowing every origin grants
// a page nothing it did not already hold.
func cors(c *gin.Context) {
	if c.GetHeader("Origin") == "" {
		c.Next()
		return
	}
	h := c.Writer.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Expose-Headers", "ETag, Location, Retry-After, WWW-Authenticate")
	h.Add("Vary", "Origin")
	if c.Request.Method == http.MethodOptions && c.GetHeader("Access-Control-Request-Method") != "" {
		h.Set("Access-Control-Allow-Methods", allowedMethods)
		h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, Last-Event-ID")
		h.Set("Access-Control-Max-Age", "600")
		c.AbortWithStatus(http.StatusNoContent)
		return
	}
	c.Next()
}
