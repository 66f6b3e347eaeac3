package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
	swaggerFiles "github.com/swaggo/files"
	ginSwagger "github.com/swaggo/gin-swagger"
)

// swaggerCSP is the browser page's policy (web's csp) for the interactive
// documentation, which needs one thing more: its page hides its icon sheet
// with one inline style attribute, allowed by its hash alone
// (TestSwaggerSecurityHeaders holds the hash to the page).
const swaggerCSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-hashes' 'sha256-ezdv1bOGcoOD7FKudKN0Y2Mb763O6qVtM8LT2mtanIU='; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// swaggerUI serves the interactive documentation under /swagger/ with the
// security headers the browser page has, on every answer (its files, its
// redirect and its 404s alike); nosniff is every answer's (noSniff).
func swaggerUI() gin.HandlerFunc {
	ui := ginSwagger.WrapHandler(swaggerFiles.Handler, ginSwagger.URL("/openapi.json"))
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("Content-Security-Policy", swaggerCSP)
		h.Set("Referrer-Policy", "no-referrer")
		if c.Param("any") == "/" {
			c.Redirect(http.StatusMovedPermanently, "/swagger/index.html")
			return
		}
		ui(c)
	}
}
